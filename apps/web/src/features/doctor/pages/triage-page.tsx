import { PageHeader } from '@/components/ui/page-header';
import { RecentIntakes } from '@/features/doctor/components/triage/recent-intakes';
import { TriageForm } from '@/features/doctor/components/triage/triage-form';

/** Triage Intake (docs/areas/triage-schedule-profile.md): record vitals, see the score as they are typed, place the patient. */
export default function TriageIntakePage() {
  return (
    <>
      <PageHeader
        title="Triage Intake"
        description="High priority patients go to the emergency room; everyone else joins the General queue."
      />
      <div className="flex flex-col gap-6">
        <TriageForm />
        <RecentIntakes />
      </div>
    </>
  );
}
