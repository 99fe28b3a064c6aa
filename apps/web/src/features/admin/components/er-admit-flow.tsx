import type { ErEntry } from '@carepoint/contract';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { AdmitDialog } from './admit-dialog';
import { ErLinkDialog } from './er-link-dialog';

const StartAdmit = createContext<((entry: ErEntry) => void) | null>(null);

/** Starts admitting an arrival: a registered patient chooses a bed; a walk-in is matched to their record first. */
export function useStartAdmit() {
  const start = useContext(StartAdmit);
  if (!start) throw new Error('useStartAdmit needs an <ErAdmitFlow> around the board');
  return start;
}

/**
 * The admit dialogs of the emergency-room board. They live above the rows, not in them: linking a
 * walk-in renames the arrival to the patient's name, and the refreshed board may move the row or
 * filter it out of a search while the bed is still to be chosen.
 */
export function ErAdmitFlow({ children }: { children: ReactNode }) {
  const [linking, setLinking] = useState<ErEntry | null>(null);
  const [admitting, setAdmitting] = useState<ErEntry | null>(null);
  const start = (entry: ErEntry) => (entry.patientId ? setAdmitting(entry) : setLinking(entry));
  return (
    <StartAdmit.Provider value={start}>
      {children}
      {linking ? (
        <ErLinkDialog
          entry={linking}
          open
          onOpenChange={(open) => !open && setLinking(null)}
          onLinked={(linked) => {
            setLinking(null);
            setAdmitting(linked);
          }}
        />
      ) : null}
      {admitting ? (
        <AdmitDialog entry={admitting} open onOpenChange={(open) => !open && setAdmitting(null)} />
      ) : null}
    </StartAdmit.Provider>
  );
}
