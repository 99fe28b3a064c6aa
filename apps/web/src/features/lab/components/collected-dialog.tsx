import type { LabOrder } from '@carepoint/contract';
import { Printer } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { labelUrl } from '../api/orders';

/** After a collection: the new accession number, large, and Print label (the PDF in a new tab). */
export function CollectedDialog({ order, onClose }: { order: LabOrder | null; onClose: () => void }) {
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(next) => !next && onClose()}
      title="Specimen collected"
      size="sm"
      footer={
        order ? (
          <a href={labelUrl(order.id)} target="_blank" rel="noopener" className={buttonClass()}>
            <Printer aria-hidden size={16} /> Print label
          </a>
        ) : null
      }
    >
      {order ? (
        <div className="space-y-2">
          <p className="text-sm text-ink-muted">Accession number</p>
          <p className="font-mono text-2xl font-semibold text-ink" data-testid="accession">
            {order.specimen?.accession}
          </p>
          <p className="text-sm text-ink">
            {order.patient.name} · {order.tests.map((t) => t.code).join(', ')} · {order.container}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
