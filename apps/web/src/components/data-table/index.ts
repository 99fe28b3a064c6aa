export { columnsFor, withSorting } from './columns';
export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export { FilterSelect } from './filter-select';
export { ListTable, type ListTableProps } from './list-table';
export { SearchBox } from './search-box';
