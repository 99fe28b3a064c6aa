import type { Pagination } from '@carepoint/contract';
import { formatCount } from '@carepoint/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The footer of a paged table: which rows are shown, of how many, and Previous/Next. */
export function PaginationBar({
  pagination,
  onPageChange,
  rowsShown,
}: {
  pagination: Pagination;
  onPageChange?: (page: number) => void;
  rowsShown: number;
}) {
  const { page, limit, total, totalPages, totalIsLowerBound, prevPage, nextPage } = pagination;
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = total === 0 ? 0 : first + rowsShown - 1;
  // Large lists are counted only so far past this page: "of 1,000+" and "Page 3 of 52+".
  const count = (n: number) => `${formatCount(n)}${totalIsLowerBound ? '+' : ''}`;
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-3 py-2 text-sm text-ink-muted"
    >
      <p>
        {total === 0 ? 'No rows' : `Showing ${first}–${last} of ${count(total)}`}
        <span className="mx-2" aria-hidden>
          ·
        </span>
        Page {page} of {count(totalPages)}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={prevPage === null}
          onClick={() => prevPage !== null && onPageChange?.(prevPage)}
        >
          <ChevronLeft aria-hidden size={16} /> Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={nextPage === null}
          onClick={() => nextPage !== null && onPageChange?.(nextPage)}
        >
          Next <ChevronRight aria-hidden size={16} />
        </Button>
      </div>
    </nav>
  );
}
