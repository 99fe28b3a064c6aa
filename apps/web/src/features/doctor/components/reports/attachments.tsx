import {
  attachmentProblem,
  FILE_SIGNATURE_BYTES,
  fileTypeOf,
  formatBytes,
  REPORT_ATTACHMENT_TYPES,
  type ReportAttachment,
} from '@carepoint/contract';
import { Download, Eye, Paperclip, Trash2, X } from 'lucide-react';
import { useId, useRef } from 'react';

/** Why the server would refuse this file (size, or bytes that are no PDF, PNG or JPEG), or null. */
async function filePreCheck(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, FILE_SIGNATURE_BYTES).arrayBuffer());
  return attachmentProblem(file.size, fileTypeOf(head));
}

const iconLink = 'inline-flex rounded p-1 text-ink-soft hover:bg-muted focus-visible:outline-2';

/** A file's View (new tab, sandboxed by the server) and Download links. */
export function AttachmentLinks({ file }: { file: Pick<ReportAttachment, 'name' | 'url' | 'viewUrl'> }) {
  return (
    <span className="inline-flex items-center gap-1">
      <a
        href={file.viewUrl}
        target="_blank"
        rel="noreferrer"
        className={iconLink}
        aria-label={`View ${file.name}`}
      >
        <Eye aria-hidden size={16} />
      </a>
      <a href={file.url} download={file.name} className={iconLink} aria-label={`Download ${file.name}`}>
        <Download aria-hidden size={16} />
      </a>
    </span>
  );
}

/** A report's files: name, size, view and download, and Remove for the author. */
export function AttachmentList({
  files,
  onRemove,
  removing,
}: {
  files: ReportAttachment[];
  onRemove?: (file: ReportAttachment) => void;
  removing?: string | null;
}) {
  if (files.length === 0) return <p className="text-sm text-ink-muted">No attachments.</p>;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
      {files.map((file) => (
        <li key={file.id} className="flex items-center gap-2 px-3 py-2 text-sm">
          <Paperclip aria-hidden size={16} className="shrink-0 text-ink-muted" />
          <span className="min-w-0 flex-1 truncate" title={file.name}>
            {file.name} <span className="text-xs text-ink-muted">({formatBytes(file.size)})</span>
          </span>
          <AttachmentLinks file={file} />
          {onRemove ? (
            <button
              type="button"
              className={`${iconLink} text-danger-700`}
              aria-label={`Remove ${file.name}`}
              disabled={removing === file.id}
              onClick={() => onRemove(file)}
            >
              <Trash2 aria-hidden size={16} />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Chooses files to attach (several at once): each is checked as the server will (at most
 * 10 MB, a real PDF, PNG or JPEG by its first bytes) before it is offered for upload.
 */
export function FilePicker({
  files,
  onChange,
  error,
  onError,
  disabled,
  label = 'Attachments',
}: {
  label?: string;
  files: File[];
  onChange: (files: File[]) => void;
  error?: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const add = async (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    const problems = await Promise.all(list.map(filePreCheck));
    const refused = list.flatMap((f, i) => (problems[i] ? [`${f.name}: ${problems[i]}`] : []));
    onError(refused.length ? refused.join('. ') : null);
    onChange([...files, ...list.filter((_, i) => !problems[i])]);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        disabled={disabled}
        accept={[...REPORT_ATTACHMENT_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(',')}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        className="text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
        onChange={(event) => void add(event.target.files)}
      />
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        PDF, PNG or JPEG, at most 10 MB each.
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="flex items-center gap-2">
              <Paperclip aria-hidden size={14} className="text-ink-muted" />
              <span className="min-w-0 flex-1 truncate">
                {file.name} <span className="text-xs text-ink-muted">({formatBytes(file.size)})</span>
              </span>
              <button
                type="button"
                className={iconLink}
                aria-label={`Do not attach ${file.name}`}
                disabled={disabled}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
