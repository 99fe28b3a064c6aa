import { CHART_MESSAGES, EMPTY_TABLE, PATIENT_LIST_DEFAULT_SIZE } from '@carepoint/contract';
import { Users } from 'lucide-react';
import { ScrollArea } from 'radix-ui';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { patientsExportHref, usePatientCards } from '@/features/doctor/api/patients';
import { PatientCard, PatientCardSkeleton } from '@/features/doctor/components/patients/patient-card';
import { PatientDrawer } from '@/features/doctor/components/patients/patient-drawer';
import { PatientListFooter } from '@/features/doctor/components/patients/patient-list-footer';
import { PatientsToolbar } from '@/features/doctor/components/patients/patients-toolbar';
import { usePatientFilters } from '@/features/doctor/components/patients/use-patient-filters';
import { errorMessage } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';

/** The patient list's scroll bars hide 200 ms after scrolling stops. */
const SCROLL_HIDE_DELAY_MS = 200;

/** The open drawer's patient, kept in the URL (?patient=<id>) so a reload shows it again. */
function useOpenPatient() {
  const [params, setParams] = useSearchParams();
  const setOpen = useCallback(
    (id: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('patient', id);
          else next.delete('patient');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get('patient'), setOpen] as const;
}

/**
 * Patient List (docs/areas/doctor-patients-chart.md): the doctor's patients by default, or all
 * patients; search, Filter and paging on the server (?page=N, the Count selector); Download Report exports the list as
 * filtered; View Details opens the patient's chart in a side drawer.
 */
export default function PatientListPage() {
  const list = useListQuery({ defaultLimit: PATIENT_LIST_DEFAULT_SIZE });
  const filters = usePatientFilters();
  const [openId, setOpenId] = useOpenPatient();

  const listParams = new URLSearchParams(list.queryString);
  for (const [name, value] of filters.params) listParams.set(name, value);
  const exportParams = new URLSearchParams(filters.params);
  if (list.q.trim()) exportParams.set('q', list.q.trim());
  const exportQuery = exportParams.toString();

  const cards = usePatientCards(`?${listParams.toString()}`);
  const page = cards.data;

  let body: ReactNode;
  if (cards.isPending) {
    body = Array.from({ length: 6 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <PatientCardSkeleton key={i} />
    ));
  } else if (cards.isError && !page) {
    body = (
      <div className="col-span-full">
        <ErrorState
          message={errorMessage(cards.error, CHART_MESSAGES.listFailed)}
          onRetry={() => void cards.refetch()}
          retrying={cards.isFetching}
        />
      </div>
    );
  } else if (!page || page.data.length === 0) {
    body = (
      <div className="col-span-full">
        <EmptyState
          icon={Users}
          title={EMPTY_TABLE}
          description={
            filters.scope === 'mine' && !list.q && filters.chips.length === 0
              ? 'No patient has an appointment with you yet.'
              : 'No patient matches this search and filter.'
          }
          action={
            filters.scope === 'mine' ? (
              <Button variant="secondary" size="sm" onClick={() => filters.setScope('all')}>
                Show all patients
              </Button>
            ) : null
          }
        />
      </div>
    );
  } else {
    body = page.data.map((patient) => <PatientCard key={patient.id} patient={patient} onView={setOpenId} />);
  }

  return (
    <>
      <PageHeader title="Patient List" />
      {/*
       * On a wide screen the list fills the page below its title (the shell's header, the page's
       * padding and title: 10.75rem) and its cards scroll inside it, toolbar and pages in sight.
       */}
      <section
        aria-label="Patients"
        className="rounded-lg border border-border bg-surface shadow-sm lg:flex lg:h-[calc(100dvh-10.75rem)] lg:min-h-96 lg:flex-col"
      >
        <PatientsToolbar
          q={list.q}
          onSearch={list.setQ}
          filters={filters}
          exportHref={patientsExportHref(exportQuery ? `?${exportQuery}` : '')}
        />
        <ScrollArea.Root
          type="hover"
          scrollHideDelay={SCROLL_HIDE_DELAY_MS}
          className="relative overflow-hidden lg:min-h-0 lg:flex-1"
        >
          <ScrollArea.Viewport className="w-full lg:h-full">
            <div
              aria-busy={cards.isFetching || undefined}
              className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 xl:grid-cols-3"
            >
              {body}
            </div>
          </ScrollArea.Viewport>
          <ScrollArea.Scrollbar orientation="vertical" className="flex w-2.5 touch-none p-0.5 select-none">
            <ScrollArea.Thumb className="relative flex-1 rounded-full bg-border-strong" />
          </ScrollArea.Scrollbar>
        </ScrollArea.Root>
        <PatientListFooter
          pagination={page?.pagination}
          limit={list.limit}
          onLimitChange={list.setLimit}
          onPageChange={list.setPage}
        />
      </section>
      <PatientDrawer patientId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
