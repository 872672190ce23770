// « Politique d'annulation » (docs/decisions/0051): the full refund's notice and the transfer's
// deadline, in hours before the start, the school's setting (audited). The cancellation and the
// transfer rules both read it; the pure rules in @shared/booking take the hours.
import { DEFAULT_CANCELLATION_POLICY } from '@shared/booking';
import { cancellationPolicySchema } from '@shared/schemas/transfers';
import { schoolSetting } from '../settings/school-setting';

const cancellationPolicy = schoolSetting({ key: 'booking.cancellation_policy', schema: cancellationPolicySchema, defaults: DEFAULT_CANCELLATION_POLICY, auditAction: 'settings.cancellation_policy' });

export const readCancellationPolicy = cancellationPolicy.read;
export const writeCancellationPolicy = cancellationPolicy.write;
