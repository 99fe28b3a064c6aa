import { useLocation } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * The Bill and Coverage tabs until the charges' BillPage and the coverage's CoveragePage are
 * merged in their place (the lead replaces these two routes).
 */
export default function TabPlaceholderPage() {
  const coverage = useLocation().pathname.endsWith('/coverage');
  return (
    <EmptyState
      title={coverage ? "The patient's coverage appears here" : "The bill's lines appear here"}
      description={
        coverage
          ? 'Payer, member number and validity.'
          : "Charges from the patient's care, split by who pays."
      }
    />
  );
}
