import {
  Ambulance,
  ChartNoAxesCombined,
  ChevronRight,
  ListOrdered,
  type LucideIcon,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

const LINKS: ReadonlyArray<{ to: string; label: string; description: string; icon: LucideIcon }> = [
  {
    to: '/admin/queues',
    label: 'Department Queues',
    description: 'Call the next patient',
    icon: ListOrdered,
  },
  {
    to: '/admin/analytics',
    label: 'Operational Analytics',
    description: 'Waits against the target',
    icon: ChartNoAxesCombined,
  },
  { to: '/admin/patients', label: 'Manage Patients', description: 'Inpatients and outpatients', icon: Users },
  { to: '/admin/ambulances', label: 'Manage Ambulances', description: 'Units and drivers', icon: Ambulance },
];

export function QuickLinks() {
  return (
    <Card title="Quick links" flush>
      <nav aria-label="Quick links">
        <ul className="divide-y divide-border">
          {LINKS.map(({ to, label, description, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="flex items-center gap-3 px-4 py-3 hover:bg-muted">
                <span className="rounded-lg bg-primary-50 p-2 text-primary-700">
                  <Icon aria-hidden size={18} />
                </span>
                <span className="flex-1">
                  <span className="block text-sm font-medium text-ink">{label}</span>
                  <span className="block text-xs text-ink-muted">{description}</span>
                </span>
                <ChevronRight aria-hidden size={16} className="text-ink-muted" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
