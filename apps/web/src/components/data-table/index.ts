export { columnsFor, withSorting } from './columns';
export { DataTable, type DataTableColumn } from './data-table';
export { FilterSelect } from './filter-select';
export { ListTable, type ListTableProps, withFilters } from './list-table';
export { SearchBox } from './search-box';
