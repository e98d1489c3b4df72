// The pager under a long list (see usePagination); a list that fits on the smallest page has none.
import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZES, type Pagination } from '@/lib/use-paged-search';

type ListPaginationProps = {
  pagination: Pagination;
  /** Offer the page sizes (phones leave them out for room). */
  showPageSizes?: boolean;
  labelRowsPerPage?: string;
};

export function ListPagination({ pagination, showPageSizes = true, labelRowsPerPage }: ListPaginationProps) {
  const { count, page, rowsPerPage, onPageChange, onRowsPerPageChange } = pagination;
  if (count <= PAGE_SIZES[0]) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_event, next) => onPageChange(next)}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={showPageSizes ? [...PAGE_SIZES] : []}
      onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
      labelRowsPerPage={labelRowsPerPage}
      sx={{ borderTop: 1, borderColor: 'divider' }}
    />
  );
}
