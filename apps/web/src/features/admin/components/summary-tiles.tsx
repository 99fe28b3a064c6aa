import type { Summary } from '@carepoint/contract';
import { Ambulance, type LucideIcon, Siren, Stethoscope, UserRound, Users } from 'lucide-react';
import { StatTile } from '@/components/ui/stat-tile';

type TileKey = 'doctors' | 'nurses' | 'patients' | 'ambulances' | 'erWaiting';

/** The dashboard's five count tiles (docs/areas/admin-dashboards.md), each leading to its screen. */
const TILES: ReadonlyArray<{ key: TileKey; label: string; icon: LucideIcon; to: string; hint: string }> = [
  {
    key: 'doctors',
    label: 'Doctors',
    icon: Stethoscope,
    to: '/admin/doctors',
    hint: 'Active doctor accounts',
  },
  { key: 'nurses', label: 'Nurses', icon: UserRound, to: '/admin/nurses', hint: 'On the nursing roll' },
  { key: 'patients', label: 'Patients', icon: Users, to: '/admin/patients', hint: 'Registered patients' },
  {
    key: 'ambulances',
    label: 'Ambulances',
    icon: Ambulance,
    to: '/admin/ambulances',
    hint: 'Units in the fleet',
  },
  { key: 'erWaiting', label: 'ER Waiting', icon: Siren, to: '/admin/emergency-room', hint: 'Not yet seen' },
];

export function SummaryTiles({ summary, loading }: { summary: Summary | undefined; loading: boolean }) {
  return (
    <ul aria-label="Counts" className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
      {TILES.map(({ key, label, icon, to, hint }) => (
        <li key={key} data-testid={`tile-${key}`}>
          <StatTile
            label={label}
            value={summary?.[key] ?? '–'}
            icon={icon}
            to={to}
            hint={hint}
            loading={loading}
          />
        </li>
      ))}
    </ul>
  );
}
