import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '@/test/language';
import { DateInput } from './date-input';

afterEach(async () => {
  await setTestLanguage('EN');
});

function Harness({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <label>
      From
      <DateInput
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </label>
  );
}

describe('date input', () => {
  it('shows the date day first in BN, with Latin digits, not the browser date control', async () => {
    await setTestLanguage('BN');
    render(<Harness initial="2024-05-03" onChange={vi.fn()} />);
    const input = screen.getByLabelText('From') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('03/05/2024');
    expect(input.placeholder).toBe('DD/MM/YYYY');
    expect(screen.getByRole('button', { name: 'ক্যালেন্ডার খুলুন' })).toBeTruthy();
  });

  it('takes a typed date in Bengali digits and hands back YYYY-MM-DD', async () => {
    await setTestLanguage('BN');
    const onChange = vi.fn();
    render(<Harness initial="2024-05-03" onChange={onChange} />);
    const input = screen.getByLabelText('From') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '১৫/০৬/২০২৪' } });
    expect(onChange).toHaveBeenLastCalledWith('2024-06-15');
    fireEvent.blur(input);
    expect(input.value).toBe('15/06/2024');
  });

  it('keeps the date in force when a typed date is impossible', () => {
    const onChange = vi.fn();
    render(<Harness initial="2024-05-03" onChange={onChange} />);
    const input = screen.getByLabelText('From') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '31/02/2024' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(input.value).toBe('03/05/2024');
  });

  it('follows a value set from outside (a preset) and the calendar pick', () => {
    const onChange = vi.fn();
    const { rerender } = render(<DateInput value="2024-05-03" onChange={onChange} aria-label="To" />);
    rerender(<DateInput value="2024-12-25" onChange={onChange} aria-label="To" />);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('25/12/2024');
    const native = document.querySelector('input[type="date"]') as HTMLInputElement;
    fireEvent.change(native, { target: { value: '2025-01-02' } });
    expect(onChange).toHaveBeenLastCalledWith('2025-01-02');
  });
});
