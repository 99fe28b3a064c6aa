import { HL7_INBOX_SORTABLE, type Hl7MessageSummary } from '@carepoint/contract';
import { useState } from 'react';
import { columnsFor, ListTable, withSorting } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { hl7InboxQuery } from '@/features/lab/api/hl7-inbox';
import { Hl7MessageSheet } from '@/features/lab/components/hl7-message-sheet';

const col = columnsFor<Hl7MessageSummary>();

// The server sorts by the time received only (newest first by default).
const columns = withSorting(HL7_INBOX_SORTABLE, [
  col.dateTime('receivedAt', 'Received', (m) => m.receivedAt),
  col.text(
    'sender',
    'Sender',
    (m) => [m.sendingApplication, m.sendingFacility].filter(Boolean).join(' · ') || '—',
  ),
  col.text('accession', 'Accession', (m) => m.accession ?? '—'),
  col.status('state', 'State', (m) => m.state),
  col.text('error', 'Reason', (m) => m.error ?? '—'),
]);

/**
 * Analyser Inbox: the HL7 results CarePoint could not file (unknown accession, a test not
 * ordered, a unit it cannot read), newest first. A row opens the message, to match it to a
 * specimen or reject it.
 */
export default function InboxPage() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Analyser Inbox"
        description="Results the analysers sent that could not be filed on a specimen."
      />
      <ListTable
        query={hl7InboxQuery}
        label="Analyser messages"
        columns={columns}
        searchable={false}
        defaultSort="receivedAt"
        defaultOrder="desc"
        emptyText="No message waits: every analyser result was filed."
        onRowClick={(row) => setOpenId(row.id)}
      />
      <Hl7MessageSheet id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
