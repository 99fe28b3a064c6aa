import { Badge } from '@/components/ui/badge';

/** The patient's recorded allergies as red badges, or "No recorded allergies". */
export function AllergyBadges({ allergies }: { allergies: readonly string[] }) {
  if (allergies.length === 0) return <span className="text-xs text-ink-muted">No recorded allergies</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {allergies.map((allergy) => (
        <Badge key={allergy} tone="red">
          {allergy}
        </Badge>
      ))}
    </span>
  );
}
