import { DEMO_REQUEST_THANKS, type DemoRequestInput, demoRequestSchema } from '@carepoint/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useRequestDemo } from '@/features/public/api/demo-requests';
import { QueryProvider } from '@/lib/query-client';
import { useContractForm } from '@/lib/use-contract-form';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Schedule Demo. The landing page renders outside the app's providers (its first load stays
 * small), so the dialog, loaded when first opened, brings the query client with it.
 */
export default function DemoRequestDialog(props: Props) {
  return (
    <QueryProvider>
      <DemoRequestForm {...props} />
    </QueryProvider>
  );
}

/** A short request stored by the server and listed for admins. */
function DemoRequestForm({ open, onOpenChange }: Props) {
  const requestDemo = useRequestDemo();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: demoRequestSchema,
    defaultValues: { name: '', email: '', organisation: '', message: '' } satisfies DemoRequestInput,
    fields: ['name', 'email', 'organisation', 'message'],
    // The error toast is the mutation's.
    send: (values) => requestDemo.mutateAsync(values),
    success: DEMO_REQUEST_THANKS,
    resetOnSave: true,
    onSaved: () => onOpenChange(false),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule Demo"
      description="Tell us about your facility and we will arrange a walk-through of CarePoint."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Input label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Input
          label="Organisation"
          autoComplete="organization"
          error={errors.organisation?.message}
          {...register('organisation')}
        />
        <Textarea
          label="Message (optional)"
          rows={3}
          error={errors.message?.message}
          {...register('message')}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Send request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
