import { Eye, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';

/** Each row's menu has one item, View, leading to /doctor/appointment/{id}. */
export function RowMenu({ id, name }: { id: string; name: string }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={`Actions for the appointment of ${name}`}
          className="inline-flex h-8 w-8 items-center justify-center rounded-md text-ink-soft hover:bg-muted data-[state=open]:bg-muted"
        >
          <MoreHorizontal aria-hidden size={18} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-32 rounded-lg border border-border bg-surface p-1 text-sm text-ink shadow-lg"
        >
          <DropdownMenu.Item
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 outline-none select-none data-[highlighted]:bg-muted"
            onSelect={() => void navigate(`/doctor/appointment/${id}`)}
          >
            <Eye aria-hidden size={14} /> View
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
