import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field';
import { TextArea } from './text-area';
import { TextField } from './text-field';

describe('the field shell shared by text, select and text-area fields', () => {
  it('labels the control, marks it required and wires the error to it', () => {
    render(
      <>
        <TextField label="Username" isRequired error="Input cannot be empty" />
        <SelectField label="Bank" isRequired error="Choose a bank">
          <option value="">-</option>
        </SelectField>
        <TextArea label="Description" isRequired error="Too short" counter="3/200" />
      </>,
    );
    for (const [label, message] of [
      ['Username', 'Input cannot be empty'],
      ['Bank', 'Choose a bank'],
      ['Description', 'Too short'],
    ]) {
      const control = screen.getByLabelText(new RegExp(`^${label}`));
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const describedBy = control.getAttribute('aria-describedby');
      expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(message);
      expect(control.closest('[data-invalid]')?.querySelector('label span[aria-hidden="true"]')?.textContent).toBe('*');
    }
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Input cannot be empty', 'Choose a bank', 'Too short']);
    expect(screen.getByText('3/200')).toBeTruthy();
  });

  it('shows a hint while there is no error, and nothing at all when neither is given', () => {
    render(
      <>
        <TextField label="Full name" hint="Set once" />
        <TextArea label="Note" />
        <SelectField label="Country">
          <option value="BD">Bangladesh</option>
        </SelectField>
      </>,
    );
    const name = screen.getByLabelText('Full name');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Set once');
    expect(screen.getByLabelText('Note').getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByLabelText('Country').getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[data-invalid]')).toBeNull();
  });
});
