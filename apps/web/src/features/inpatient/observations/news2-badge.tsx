import { NEWS2_RISK_TONES, type News2Risk } from '@carepoint/contract';
import { Badge } from '@/components/ui/badge';

/** "NEWS2 7 · High": the score and its clinical risk, coloured by the risk (the words always shown). */
export function News2Badge({
  score,
  risk,
  className,
}: {
  score: number;
  risk: News2Risk;
  className?: string;
}) {
  return (
    <Badge tone={NEWS2_RISK_TONES[risk]} className={className}>
      <span className="tabular-nums">NEWS2 {score}</span>
      <span aria-hidden className="mx-1">
        ·
      </span>
      <span>{risk} risk</span>
    </Badge>
  );
}
