// The orders' pages: the site's Pager, named for them.
import { Pager as ListPager } from '@client/components/ui/Pager';

export function Pager(props: { page: number; pageCount: number; onPage: (page: number) => void }) {
  return <ListPager label="Pages de commandes" {...props} />;
}
