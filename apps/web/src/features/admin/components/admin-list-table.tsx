import { ListTable, type ListTableProps } from '@/components/data-table';
import { adminListQuery } from '@/features/admin/api/lists';
import type { ListResource, ListRows } from '@/features/admin/api/shared';

export type AdminListTableProps<R extends ListResource> = Omit<ListTableProps<ListRows[R]>, 'query'> & {
  resource: R;
};

/** An admin list (GET /api/admin/<resource>) as a server-paged ListTable, 20 rows a page. */
export function AdminListTable<R extends ListResource>({ resource, ...props }: AdminListTableProps<R>) {
  return <ListTable {...props} query={(queryString) => adminListQuery(resource, queryString)} />;
}
