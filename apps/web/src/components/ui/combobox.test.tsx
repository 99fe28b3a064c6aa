import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Combobox, comboboxKeyAction } from './combobox';
import { useFieldIds } from './field';

/*
 * The one combobox both pickers use: its keyboard as a pure rule, then rendered in a DOM with
 * a fixed list of fruits, as a screen reader and a keyboard user meet it.
 */

describe('comboboxKeyAction', () => {
  const shown = { shown: true, active: 0, count: 3 };

  it('moves the active option with the arrows, wrapping at both ends', () => {
    expect(comboboxKeyAction('ArrowDown', shown)).toEqual({ type: 'move', active: 1 });
    expect(comboboxKeyAction('ArrowUp', shown)).toEqual({ type: 'move', active: 2 });
    expect(comboboxKeyAction('ArrowDown', { ...shown, active: 2 })).toEqual({ type: 'move', active: 0 });
    expect(comboboxKeyAction('ArrowDown', { ...shown, count: 0 })).toEqual({ type: 'move', active: 0 });
  });

  it('chooses the active option on Enter, and only when there is one', () => {
    expect(comboboxKeyAction('Enter', { ...shown, active: 1 })).toEqual({ type: 'choose', index: 1 });
    expect(comboboxKeyAction('Enter', { ...shown, count: 0 })).toEqual({ type: 'none' });
  });

  it('closes on Escape, and leaves other keys (and Enter with the list hidden) alone', () => {
    expect(comboboxKeyAction('Escape', { ...shown, shown: false })).toEqual({ type: 'close' });
    expect(comboboxKeyAction('Enter', { ...shown, shown: false })).toEqual({ type: 'none' });
    expect(comboboxKeyAction('ArrowDown', { ...shown, shown: false })).toEqual({ type: 'none' });
    expect(comboboxKeyAction('a', shown)).toEqual({ type: 'none' });
  });
});

const FRUITS = ['Apple', 'Apricot', 'Avocado'];

function FruitField({ onChoose }: { onChoose: (fruit: string) => void }) {
  const ids = useFieldIds();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const options = FRUITS.filter((fruit) => text && fruit.toLowerCase().startsWith(text.toLowerCase()));
  return (
    <>
      <label htmlFor={ids.id}>Fruit</label>
      <Combobox
        ids={ids}
        label="Fruit"
        text={text}
        onTextChange={setText}
        onOpenChange={setOpen}
        listShown={open && text.length > 0}
        options={options}
        optionKey={(fruit) => fruit}
        renderOption={(fruit) => fruit}
        onChoose={(fruit) => {
          onChoose(fruit);
          setText(fruit);
        }}
        emptyText="No fruit found."
        announcement={`${options.length} found.`}
        listClassName="max-h-48"
      />
    </>
  );
}

describe('Combobox', () => {
  afterEach(cleanup);

  it('wires the input to its list and walks the options with the keyboard', () => {
    const onChoose = vi.fn();
    render(<FruitField onChoose={onChoose} />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: 'ap' } });
    const list = screen.getByRole('listbox', { name: 'Fruit suggestions' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Apple', 'Apricot']);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(screen.getByRole('status').textContent).toBe('2 found.');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith('Apricot');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Apricot');
  });

  it('says so when nothing matches, and Escape closes the list', () => {
    render(<FruitField onChoose={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(screen.getByRole('status').textContent).toBe('No fruit found.');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: 'a' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('chooses on mousedown, before the blur that follows would close the list', () => {
    const onChoose = vi.fn();
    render(<FruitField onChoose={onChoose} />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    fireEvent.change(input, { target: { value: 'av' } });
    const option = screen.getByRole('option', { name: 'Avocado' });
    fireEvent.mouseEnter(option);
    expect(option.getAttribute('aria-selected')).toBe('true');
    fireEvent.mouseDown(option);
    expect(onChoose).toHaveBeenCalledWith('Avocado');
  });
});
