import { LAB_RESULT_MESSAGES } from '@carepoint/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useLabNotices, useMarkNoticeSeen } from './api';
import { valueText } from './display';

/**
 * Corrections of lab results the signed-in user read (none: nothing shown): what the value was,
 * what it is and why, until marked seen.
 */
export function CorrectionNotices({ showPatient = true }: { showPatient?: boolean }) {
  const notices = useLabNotices();
  const seen = useMarkNoticeSeen();
  if (!notices.data?.length) return null;
  return (
    <Card title={LAB_RESULT_MESSAGES.correctedNotice}>
      <ul className="flex flex-col divide-y divide-border" aria-label="Corrected lab results">
        {notices.data.map((notice) => (
          <li key={notice.id} className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
            <p className="text-sm text-ink">
              {showPatient ? `${notice.patient.name}: ` : ''}
              {notice.test} <span className="line-through">{valueText(notice.oldValue, notice.unit)}</span> →{' '}
              <span className="font-semibold">{valueText(notice.newValue, notice.unit)}</span>
            </p>
            <p className="text-xs text-ink-muted">
              {formatDateTime(notice.correctedAt)} · {notice.reason}
            </p>
            <div>
              <Button
                size="sm"
                variant="ghost"
                loading={seen.isPending}
                onClick={() => seen.mutate(notice.id)}
              >
                Mark seen
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
