import { type CreateNurse, createNurseSchema, MESSAGES, NURSE_MESSAGES } from '@carepoint/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { type ContractFormOptions, placeIssues, useContractForm } from './use-contract-form';

/*
 * The form set-up every dialog uses, on a real contract schema (Add Nurse's), rendered in a DOM:
 * what the user sees under the fields, where focus goes, what is sent and what is kept.
 */

const BLANK: CreateNurse = { fullName: '', email: '', department: '' };
const FIELDS = ['fullName', 'email', 'department'] as const;
type Saved = { id: string };
type Options = Partial<ContractFormOptions<CreateNurse, CreateNurse, CreateNurse, Saved>>;

function NurseForm({ send = vi.fn(), ...options }: Options) {
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useContractForm({
    schema: createNurseSchema,
    defaultValues: BLANK,
    fields: FIELDS,
    send,
    success: NURSE_MESSAGES.added,
    ...options,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {FIELDS.map((name) => (
        <div key={name}>
          <input aria-label={name} {...register(name)} />
          {errors[name] ? <p data-testid={`${name}-message`}>{errors[name]?.message}</p> : null}
        </div>
      ))}
      <button type="submit">Save</button>
    </form>
  );
}

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const message = (name: string) => screen.queryByTestId(`${name}-message`)?.textContent ?? null;
const type = (name: string, value: string) => fireEvent.input(field(name), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
const fillIn = () => {
  type('fullName', 'Grace Nwosu');
  type('email', 'grace@example.com');
  type('department', 'ICU');
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useContractForm', () => {
  it("bad input shows the contract's messages under the fields, focuses the first, and sends nothing", async () => {
    const send = vi.fn();
    render(<NurseForm send={send} />);
    type('email', 'not-an-email');
    await submit();
    expect(message('fullName')).toBe(NURSE_MESSAGES.fullNameRequired);
    expect(message('email')).toBe(MESSAGES.emailInvalid);
    expect(message('department')).toBe(NURSE_MESSAGES.departmentRequired);
    expect(document.activeElement).toBe(field('fullName'));
    expect(send).not.toHaveBeenCalled();
  });

  it('after a refused submit, each message goes as soon as its field is fixed, and comes back if it breaks again', async () => {
    render(<NurseForm />);
    await submit();
    expect(message('fullName')).toBe(NURSE_MESSAGES.fullNameRequired);
    await act(async () => type('fullName', 'Grace Nwosu'));
    expect(message('fullName')).toBeNull();
    // The other fields, still wrong, keep theirs.
    expect(message('department')).toBe(NURSE_MESSAGES.departmentRequired);
    await act(async () => type('email', 'grace@'));
    expect(message('email')).toBe(MESSAGES.emailInvalid);
    await act(async () => type('email', 'grace@example.com'));
    expect(message('email')).toBeNull();
  });

  it('sends the checked values; on success toasts, hands the answer on and, if asked, starts blank again', async () => {
    const success = vi.spyOn(toast, 'success');
    const send = vi.fn(async () => ({ id: 'n1' }));
    const onSaved = vi.fn();
    render(<NurseForm send={send} onSaved={onSaved} resetOnSave />);
    type('fullName', '  Grace Nwosu ');
    type('email', 'grace@example.com');
    type('department', 'ICU');
    await submit();
    // What the contract's schema makes of the input (trimmed), not the raw text.
    expect(send).toHaveBeenCalledWith({
      fullName: 'Grace Nwosu',
      email: 'grace@example.com',
      department: 'ICU',
    });
    expect(success).toHaveBeenCalledWith(NURSE_MESSAGES.added);
    expect(onSaved).toHaveBeenCalledWith({ id: 'n1' }, expect.objectContaining({ fullName: 'Grace Nwosu' }));
    expect(FIELDS.map((name) => field(name).value)).toEqual(['', '', '']);
  });

  it("puts the server's field messages under the fields it names, focuses the first, and keeps what was typed", async () => {
    const send = vi.fn(async () => {
      throw new ApiRequestError(409, 'EMAIL_TAKEN', NURSE_MESSAGES.emailTaken, {
        email: [NURSE_MESSAGES.emailTaken],
        // A field this form does not have is not shown anywhere by it.
        status: ['Status must be one of: Active'],
      });
    });
    const success = vi.spyOn(toast, 'success');
    const onSaved = vi.fn();
    render(<NurseForm send={send} onSaved={onSaved} resetOnSave />);
    fillIn();
    await submit();
    expect(message('email')).toBe(NURSE_MESSAGES.emailTaken);
    expect(message('fullName')).toBeNull();
    expect(document.activeElement).toBe(field('email'));
    expect(field('email').value).toBe('grace@example.com');
    expect(onSaved).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
  });

  it('a failure that names no field leaves the fields alone (its toast is the mutation’s)', async () => {
    const send = vi.fn(async () => {
      throw new ApiRequestError(500, 'INTERNAL', 'An error occurred. Please try again.');
    });
    const onRefused = vi.fn();
    render(<NurseForm send={send} onRefused={onRefused} />);
    fillIn();
    await submit();
    expect(FIELDS.map(message)).toEqual([null, null, null]);
    expect(onRefused).toHaveBeenCalledWith(expect.any(ApiRequestError), false);
  });

  it('a dialog opened again starts from its defaults, with no old messages', async () => {
    const onReset = vi.fn();
    const { rerender } = render(<NurseForm open onReset={onReset} />);
    type('fullName', 'Grace');
    type('email', 'nope');
    await submit();
    expect(message('email')).toBe(MESSAGES.emailInvalid);
    rerender(<NurseForm open={false} onReset={onReset} />);
    rerender(<NurseForm open onReset={onReset} />);
    expect(FIELDS.map((name) => field(name).value)).toEqual(['', '', '']);
    expect(FIELDS.map(message)).toEqual([null, null, null]);
    expect(onReset).toHaveBeenCalled();
  });

  it("a form's own check: its issues go under the fields and nothing is sent; its body is what is sent", async () => {
    const send = vi.fn(async () => ({ id: 'n1' }));
    const check = (values: CreateNurse) =>
      values.department === 'Morgue'
        ? { issues: [{ path: ['department'], message: 'Not a ward' }] }
        : { data: { ...values, department: values.department.toUpperCase() } };
    render(<NurseForm send={send} check={check} />);
    fillIn();
    type('department', 'Morgue');
    await submit();
    expect(message('department')).toBe('Not a ward');
    expect(document.activeElement).toBe(field('department'));
    expect(send).not.toHaveBeenCalled();
    type('department', 'icu');
    await submit();
    expect(message('department')).toBeNull();
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ department: 'ICU' }));
  });
});

describe('placeIssues', () => {
  it("places each field's first issue, focusing only the first field, and skips what is not the form's", () => {
    const setError = vi.fn();
    const placed = placeIssues(
      [
        { path: ['kind'], message: 'Not the user’s to fix' },
        { path: ['redirectUris', 0], message: 'Enter a valid URL' },
        { path: ['redirectUris', 1], message: 'A second problem' },
        { path: ['scopes'], message: 'Unknown scope' },
        { path: [], message: 'The whole form' },
      ],
      setError,
      ['name', 'redirectUris', 'scopes'],
    );
    expect(placed).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['redirectUris', { type: 'check', message: 'Enter a valid URL' }, { shouldFocus: true }],
      ['scopes', { type: 'check', message: 'Unknown scope' }, { shouldFocus: false }],
    ]);
  });

  it('answers false when no issue names one of the fields', () => {
    expect(placeIssues([{ path: ['kind'], message: 'x' }], vi.fn(), ['name'])).toBe(false);
  });
});
