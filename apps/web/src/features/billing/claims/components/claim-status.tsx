import {
  CLAIM_STATUS_LABELS,
  type ClaimSummary,
  REMITTANCE_OUTCOME_LABELS,
  type RemittanceOutcome,
} from '@carepoint/contract';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const CLAIM_TONES: Record<ClaimSummary['status'], BadgeTone> = {
  draft: 'amber',
  submitted: 'blue',
  'part-settled': 'primary',
  settled: 'green',
};

/** A claim's status; a draft with flagged lines says how many. */
export function ClaimStatusBadge({ claim }: { claim: Pick<ClaimSummary, 'status' | 'flaggedCount'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={CLAIM_TONES[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Badge>
      {claim.status === 'draft' && claim.flaggedCount > 0 ? (
        <Badge tone="red">{claim.flaggedCount} to correct</Badge>
      ) : null}
    </span>
  );
}

const OUTCOME_TONES: Record<RemittanceOutcome, BadgeTone> = {
  paid: 'green',
  'part-paid': 'amber',
  denied: 'red',
};

export function OutcomeBadge({ outcome }: { outcome: RemittanceOutcome | null }) {
  if (!outcome) return <Badge tone="grey">Awaiting</Badge>;
  return <Badge tone={OUTCOME_TONES[outcome]}>{REMITTANCE_OUTCOME_LABELS[outcome]}</Badge>;
}
