// zod, configured once for both sides so every validation message is in Canadian French.
import { z } from 'zod';

z.config(z.locales.frCA());

export { z };
