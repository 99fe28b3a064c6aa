import { REPORT_KIND_LABELS, REPORT_KINDS, type ReportKind } from '@carepoint/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { reportListQuery } from '@/features/doctor/api/reports';
import { REPORT_COLUMNS } from '@/features/doctor/components/reports/report-columns';
import { ReportFormDialog } from '@/features/doctor/components/reports/report-form-dialog';
import { ReportSheet } from '@/features/doctor/components/reports/report-sheet';
import { cx } from '@/lib/cx';

const kindOf = (tab: string | null): ReportKind => REPORT_KINDS.find((k) => k === tab) ?? 'birth';

/**
 * Reports: Birth, Death, Investigation and Operation Reports as tabs (kept in the URL, ?tab=),
 * each searched and paged on the server, with its New … Report dialog. A row opens the report.
 */
export default function ReportsPage() {
  const [params] = useSearchParams();
  const kind = kindOf(params.get('tab'));
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const label = REPORT_KIND_LABELS[kind];

  return (
    <>
      <PageHeader title="Reports" />
      <div
        role="tablist"
        aria-label="Report kinds"
        // Wraps onto a second line on a phone: every kind stays in sight.
        className="mb-4 flex flex-wrap gap-x-1 border-b border-border"
      >
        {REPORT_KINDS.map((k) => (
          <Link
            key={k}
            role="tab"
            aria-selected={k === kind}
            to={`?tab=${k}`}
            replace
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
              k === kind
                ? 'border-primary-600 text-primary-700'
                : 'border-transparent text-ink-muted hover:text-ink',
            )}
          >
            {REPORT_KIND_LABELS[k]} Reports
          </Link>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${label} Reports`}>
        <ListTable
          key={kind}
          query={reportListQuery(kind)}
          label={`${label} Reports`}
          columns={REPORT_COLUMNS[kind]}
          searchPlaceholder="Search by name"
          onRowClick={(row) => setOpenId(row.id)}
          toolbar={
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden size={16} /> New {label} Report
            </Button>
          }
        />
      </div>
      <ReportFormDialog
        key={`new-${kind}`}
        kind={kind}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(report) => setOpenId(report.id)}
      />
      <ReportSheet id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
