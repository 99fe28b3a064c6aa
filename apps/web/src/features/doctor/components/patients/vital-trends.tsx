import {
  CHART_MESSAGES,
  formatBloodPressure,
  NORMAL_RANGES,
  TREND_MEASURES,
  type TrendMeasure,
  VITAL_RANGES,
  type VitalsPoint,
  type VitalsSeries,
} from '@carepoint/contract';
import type { TrendPoint } from '@/components/graphs/graph-types';
import { LazyTrendGraph } from '@/components/graphs/trend-graph';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { usePatientVitals } from '@/features/doctor/api/patients';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

type Band = { low: number; high: number };
/** The measured numbers of a point (not its date or source). */
type Measured = Exclude<keyof VitalsPoint, 'recordedAt' | 'source'>;

/** How each trend reads the measurements: its lines, the usual range shaded, how a value is written. */
const TRENDS: Record<
  TrendMeasure,
  {
    label: string;
    unit: string;
    lines: ReadonlyArray<{ key: Measured; name: string }>;
    bands: readonly Band[];
    text: (p: VitalsPoint) => string;
    /** Which line is which, when there are two. */
    key?: string;
  }
> = {
  bloodPressure: {
    label: 'Blood pressure',
    unit: VITAL_RANGES.systolic.unit,
    lines: [
      { key: 'systolic', name: 'Systolic' },
      { key: 'diastolic', name: 'Diastolic' },
    ],
    bands: [NORMAL_RANGES.systolic, NORMAL_RANGES.diastolic],
    text: (p) => formatBloodPressure(p.systolic, p.diastolic),
    key: 'Upper line systolic, lower diastolic',
  },
  heartRate: {
    label: 'Heart rate',
    unit: VITAL_RANGES.heartRate.unit,
    lines: [{ key: 'heartRate', name: 'Heart rate' }],
    bands: [NORMAL_RANGES.heartRate],
    text: (p) => `${p.heartRate} ${VITAL_RANGES.heartRate.unit}`,
  },
  temperature: {
    label: 'Temperature',
    unit: VITAL_RANGES.temperature.unit,
    lines: [{ key: 'temperature', name: 'Temperature' }],
    bands: [NORMAL_RANGES.temperature],
    text: (p) => `${p.temperature} ${VITAL_RANGES.temperature.unit}`,
  },
  respiratoryRate: {
    label: 'Respiratory rate',
    unit: VITAL_RANGES.respiratoryRate.unit,
    lines: [{ key: 'respiratoryRate', name: 'Respiratory rate' }],
    bands: [NORMAL_RANGES.respiratoryRate],
    text: (p) => `${p.respiratoryRate} ${VITAL_RANGES.respiratoryRate.unit}`,
  },
  oxygenSaturation: {
    label: 'Oxygen saturation',
    unit: VITAL_RANGES.oxygenSaturation.unit,
    lines: [{ key: 'oxygenSaturation', name: 'SpO2' }],
    bands: [NORMAL_RANGES.oxygenSaturation],
    text: (p) => `${p.oxygenSaturation}${VITAL_RANGES.oxygenSaturation.unit}`,
  },
  weight: {
    label: 'Weight',
    unit: VITAL_RANGES.weight.unit,
    lines: [{ key: 'weight', name: 'Weight' }],
    bands: [],
    text: (p) => `${p.weight} ${VITAL_RANGES.weight.unit}`,
  },
  bloodGlucose: {
    label: 'Blood glucose',
    unit: VITAL_RANGES.bloodGlucose.unit,
    lines: [{ key: 'bloodGlucose', name: 'Blood glucose' }],
    bands: [NORMAL_RANGES.bloodGlucose],
    text: (p) => `${p.bloodGlucose} ${VITAL_RANGES.bloodGlucose.unit}`,
  },
};

/** "usual adult range 90–120 / 60–80 mmHg", or why there is none. */
const rangeText = (bands: readonly Band[], unit: string) =>
  bands.length === 0
    ? 'no usual range shown (it depends on height)'
    : `usual adult range ${bands.map((b) => `${b.low}–${b.high}`).join(' / ')} ${unit}`;

function Trend({ measure, points }: { measure: TrendMeasure; points: readonly VitalsPoint[] }) {
  const trend = TRENDS[measure];
  const measured = points.filter((p) => p[trend.lines[0]?.key ?? 'systolic'] !== null);
  const latest = measured.at(-1);
  const range = rangeText(trend.bands, trend.unit);
  const drawn: TrendPoint[] = measured.map((p) => ({
    at: Date.parse(p.recordedAt),
    ...Object.fromEntries(trend.lines.map((line) => [line.key, p[line.key]])),
  }));
  return (
    <figure className="m-0 grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[10rem_1fr] sm:items-center">
      <figcaption className="min-w-0">
        <span className="block text-xs font-medium text-ink-muted">{trend.label}</span>
        {latest ? (
          <>
            <span className="block text-base font-semibold text-ink">{trend.text(latest)}</span>
            <span className="block text-xs text-ink-muted">
              <span className="sr-only">latest, on </span>
              {formatDate(latest.recordedAt)}
            </span>
            <span className="sr-only">
              {`; ${measured.length} measurement${measured.length === 1 ? '' : 's'} in the last 12 months, ${range}.`}
            </span>
          </>
        ) : (
          <span className="block text-sm text-ink-muted">Not measured in the last 12 months</span>
        )}
        {latest && trend.key ? (
          <span aria-hidden className="mt-1 block text-xs text-ink-muted">
            {trend.key}
          </span>
        ) : null}
      </figcaption>
      {latest ? (
        <LazyTrendGraph points={drawn} series={trend.lines} bands={trend.bands} unit={trend.unit} />
      ) : null}
    </figure>
  );
}

function TrendsBody({ series }: { series: VitalsSeries }) {
  if (series.points.length === 0) return <p className="text-sm text-ink-muted">{CHART_MESSAGES.noVitals}</p>;
  return (
    <div className="flex flex-col gap-3">
      {TREND_MEASURES.map((measure) => (
        <Trend key={measure} measure={measure} points={series.points} />
      ))}
      <p className="text-xs text-ink-muted">
        Shaded: the usual adult resting range (blood glucose fasting). Triage intakes, chart entries and ward
        observations of the last 12 months.
      </p>
    </div>
  );
}

/** Vitals over time: one small chart per measure, the latest value and its date beside it. */
export function VitalTrends({ patientId }: { patientId: string }) {
  const vitals = usePatientVitals(patientId);
  if (vitals.data) return <TrendsBody series={vitals.data} />;
  if (vitals.isError)
    return (
      <ErrorState
        message={errorMessage(vitals.error, CHART_MESSAGES.vitalsFailed)}
        onRetry={() => void vitals.refetch()}
        retrying={vitals.isFetching}
      />
    );
  return (
    <div aria-hidden className="flex flex-col gap-3">
      {TREND_MEASURES.map((m) => (
        <Skeleton key={m} className="h-24" />
      ))}
    </div>
  );
}
