import {
  type CreatedSmartApp,
  type CreateSmartApp,
  createSmartAppSchema,
  SMART_APP_KIND_LABELS,
  SMART_APP_KINDS,
  SMART_MESSAGES,
  type SmartAppKind,
} from '@carepoint/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useRegisterSmartApp } from '@/features/admin/api/smart-apps';
import { type Checked, checkedBy, useContractForm } from '@/lib/use-contract-form';

/** The form's text fields; lists are one per line (or space), the JWKS pasted as JSON. */
interface AppForm {
  name: string;
  kind: SmartAppKind;
  redirectUris: string;
  scopes: string;
  jwksUrl: string;
  jwks: string;
}
const FIELDS = ['name', 'kind', 'redirectUris', 'scopes', 'jwksUrl', 'jwks'] as const;
const SCOPE_HINT: Record<SmartAppKind, string> = {
  public: 'launch/patient openid fhirUser offline_access patient/*.rs',
  confidential: 'openid fhirUser offline_access user/*.rs',
  backend: 'system/*.rs',
};
const BLANK: AppForm = {
  name: '',
  kind: 'public',
  redirectUris: '',
  scopes: SCOPE_HINT.public,
  jwksUrl: '',
  jwks: '',
};

const lines = (text: string) => text.split(/\s+/).filter((item) => item !== '');

/** The form as the API takes it, checked with the contract's schema (a pasted JWKS must be JSON). */
function toRequest(form: AppForm): Checked<CreateSmartApp> {
  let jwks: CreateSmartApp['jwks'] = null;
  if (form.kind === 'backend' && form.jwks.trim() !== '') {
    try {
      jwks = JSON.parse(form.jwks);
    } catch {
      return { issues: [{ path: ['jwks'], message: SMART_MESSAGES.jwksInvalid }] };
    }
  }
  return checkedBy(
    createSmartAppSchema.safeParse({
      name: form.name,
      kind: form.kind,
      redirectUris: form.kind === 'backend' ? [] : lines(form.redirectUris),
      scopes: lines(form.scopes),
      jwksUrl: form.kind === 'backend' ? form.jwksUrl : '',
      jwks,
    }),
  );
}

/** Register app: the app's name, kind, redirect URIs, allowed scopes and (backend services) keys. */
function RegisterSmartAppDialog({ open, onOpenChange }: DialogComponentProps) {
  const registerApp = useRegisterSmartApp();
  const [created, setCreated] = useState<CreatedSmartApp | null>(null);
  const {
    register,
    onSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm<AppForm, AppForm, CreateSmartApp, CreatedSmartApp>({
    defaultValues: BLANK,
    check: toRequest,
    fields: FIELDS,
    send: (request) => registerApp.mutateAsync(request),
    success: SMART_MESSAGES.registered,
    resetOnSave: true,
    onSaved: (saved) => {
      onOpenChange(false);
      setCreated(saved);
    },
  });
  const kind = watch('kind');

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Register App"
        description="Apps use CarePoint's FHIR API with SMART on FHIR: users sign in here and allow what the app asks for."
        submitLabel="Register App"
        submitting={isSubmitting}
        onSubmit={onSubmit}
      >
        <Input
          label="Name"
          autoComplete="off"
          hint="Shown to users when the app asks for access."
          error={errors.name?.message}
          {...register('name')}
        />
        <Select
          label="Kind"
          options={SMART_APP_KINDS.map((value) => ({ value, label: SMART_APP_KIND_LABELS[value] }))}
          hint="Public: a browser or phone app. Confidential: a server-side app. Backend service: no user, signs in with its key."
          error={errors.kind?.message}
          {...register('kind')}
        />
        {kind === 'backend' ? (
          <>
            <Input
              label="JWKS URL"
              autoComplete="off"
              hint="Where the service publishes its public keys (https)."
              error={errors.jwksUrl?.message}
              {...register('jwksUrl')}
            />
            <Textarea
              label="Or paste its JWKS"
              rows={4}
              hint='{"keys": [...]}: public RS384 or ES384 keys.'
              error={errors.jwks?.message}
              {...register('jwks')}
            />
          </>
        ) : (
          <Textarea
            label="Redirect URIs"
            rows={2}
            hint="One per line; the app must send one of these exactly."
            error={errors.redirectUris?.message}
            {...register('redirectUris')}
          />
        )}
        <Textarea
          label="Allowed scopes"
          rows={2}
          hint={`Separated by spaces or lines, e.g. ${SCOPE_HINT[kind]}`}
          error={errors.scopes?.message}
          {...register('scopes')}
        />
      </FormDialog>
      <ClientCredentialsDialog app={created} onClose={() => setCreated(null)} />
    </>
  );
}

/** After registering: the client id, and a confidential app's secret, which is shown this once. */
function ClientCredentialsDialog({ app, onClose }: { app: CreatedSmartApp | null; onClose: () => void }) {
  const copy = (text: string) =>
    void navigator.clipboard.writeText(text).then(
      () => toast.success('Copied'),
      () => toast.error('Could not copy: select the text instead'),
    );
  return (
    <Dialog
      open={app !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`${app?.name ?? 'App'} is registered`}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <dl className="flex flex-col gap-4 text-sm">
        <div>
          <dt className="font-medium text-ink">Client ID</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-muted px-2 py-1">{app?.clientId}</code>
            <Button variant="ghost" size="sm" onClick={() => copy(app?.clientId ?? '')}>
              Copy
            </Button>
          </dd>
        </div>
        {app?.clientSecret ? (
          <div>
            <dt className="font-medium text-ink">Client secret</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <code className="break-all rounded bg-muted px-2 py-1" data-testid="client-secret">
                {app.clientSecret}
              </code>
              <Button variant="ghost" size="sm" onClick={() => copy(app.clientSecret ?? '')}>
                Copy
              </Button>
            </dd>
            <p role="note" className="mt-2 font-medium text-danger-800">
              Copy it now: it is shown only this once. CarePoint keeps only a hash of it.
            </p>
          </div>
        ) : null}
      </dl>
    </Dialog>
  );
}

export function RegisterSmartAppButton() {
  return <DialogButton label="Register App" dialog={RegisterSmartAppDialog} />;
}
