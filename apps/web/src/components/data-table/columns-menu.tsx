import type { useReactTable } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { headerText, itemClass, menuClass } from './shared';

/** The toolbar's Columns menu: shows or hides each column that may be hidden. */
export function ColumnsMenu<T>({ table }: { table: ReturnType<typeof useReactTable<T>> }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Columns3 aria-hidden size={16} /> Columns
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuClass}>
          {table
            .getAllLeafColumns()
            .filter((c) => c.getCanHide())
            .map((column) => (
              <DropdownMenu.CheckboxItem
                key={column.id}
                className={cx(itemClass, 'pl-7 relative')}
                checked={column.getIsVisible()}
                onCheckedChange={(checked) => column.toggleVisibility(checked)}
                onSelect={(event) => event.preventDefault()}
              >
                <DropdownMenu.ItemIndicator className="absolute left-2">✓</DropdownMenu.ItemIndicator>
                {headerText(column) || column.id}
              </DropdownMenu.CheckboxItem>
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
