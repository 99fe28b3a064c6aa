import { NEWS2_PARAMETER_LABELS, NEWS2_PARAMETERS, type News2Result } from '@carepoint/contract';
import { cx } from '@/lib/cx';
import { News2Badge } from './news2-badge';

/**
 * The live NEWS2 of the form: total, risk, what each parameter scored and the clinical response the
 * RCP chart calls for, recomputed by the contract's `news2` as the values are typed. Announced
 * politely to screen readers.
 */
export function News2Panel({ result }: { result: News2Result | null }) {
  return (
    <div data-testid="news2-result" aria-live="polite" className="flex flex-col gap-4">
      {result ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-4xl font-semibold tabular-nums text-ink">{result.score}</span>
            <News2Badge score={result.score} risk={result.risk} className="text-sm" />
          </div>
          {result.alertsDoctor ? (
            <p className="rounded-md bg-danger-100 p-2 text-sm font-medium text-danger-800">
              Saving alerts the doctor in charge
              {result.singleRed && result.score < 5 ? ' (a parameter scored 3)' : ''}.
            </p>
          ) : null}
          <div>
            <h3 className="text-sm font-semibold text-ink">{result.response.monitoring}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink-soft">
              {result.response.actions.map((action) => (
                <li key={action}>{action}</li>
              ))}
            </ul>
          </div>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-xs">
            {NEWS2_PARAMETERS.map((p) => (
              <div key={p} className="contents">
                <dt className="text-ink-muted">{NEWS2_PARAMETER_LABELS[p]}</dt>
                <dd
                  className={cx(
                    'text-right font-medium tabular-nums',
                    result.parameters[p] === 3 ? 'text-danger-800' : 'text-ink',
                  )}
                >
                  {result.parameters[p]}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="rounded-lg bg-muted p-4 text-sm text-ink-soft">
          Enter every observation to see the NEWS2 score and the response it calls for.
        </p>
      )}
      <p className="text-xs text-ink-muted">
        National Early Warning Score (NEWS) 2 © Royal College of Physicians 2017.
      </p>
    </div>
  );
}
