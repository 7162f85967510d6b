import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { checkSelection } from '../utils/lottery-selection';
import { NumberPicker } from './number-picker';

describe('number picker validation', () => {
  it('accepts only canonical selections per bet type', () => {
    expect(checkSelection('ELOTT', 'POSITION_DIGIT', '3-7')).toEqual({ ok: true, selection: '3-7' });
    expect(checkSelection('ELOTT', 'POSITION_DIGIT', '6-7').ok).toBe(false);
    expect(checkSelection('ELOTT', 'POSITION_SIZE', '2-BIG')).toEqual({ ok: true, selection: '2-BIG' });
    expect(checkSelection('ELOTT', 'POSITION_SIZE', '2-ODD').ok).toBe(false);
    expect(checkSelection('ELOTT', 'SUM_PARITY', 'EVEN')).toEqual({ ok: true, selection: 'EVEN' });
    expect(checkSelection('VN', 'LO', '07')).toEqual({ ok: true, selection: '07' });
    expect(checkSelection('VN', 'DE', '7')).toEqual({ ok: false, problem: 'WRONG_LENGTH' });
    expect(checkSelection('SEA', 'THREE_TOP', '45a')).toEqual({ ok: false, problem: 'NOT_DIGITS' });
    expect(checkSelection('SEA', 'THREE_TOP', '')).toEqual({ ok: false, problem: 'EMPTY' });
    expect(checkSelection('SEA', 'LO', '07')).toEqual({ ok: false, problem: 'UNKNOWN_BET_TYPE' });
  });

  it('ELOTT digit picker: the chosen position prefixes the digit', () => {
    const onToggle = vi.fn();
    render(<NumberPicker kind="ELOTT" betType="POSITION_DIGIT" picked={new Set(['3-7'])} onToggle={onToggle} />);
    fireEvent.click(screen.getByRole('button', { name: 'Position 3' }));
    const seven = screen.getByRole('button', { name: '7' });
    expect(seven.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    expect(onToggle).toHaveBeenCalledWith('3-4');
  });

  it('SEA 3-top: a short or non-digit number shows the problem and adds nothing', () => {
    const onToggle = vi.fn();
    render(<NumberPicker kind="SEA" betType="THREE_TOP" picked={new Set()} onToggle={onToggle} />);
    const input = screen.getByLabelText('Type a 3-digit number');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter exactly 3 digits.');
    fireEvent.change(input, { target: { value: '1a2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('Use digits 0-9 only.');
    expect(onToggle).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '045' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onToggle).toHaveBeenCalledWith('045');
  });

  it('VN lô grid offers 00 to 99', () => {
    const onToggle = vi.fn();
    render(<NumberPicker kind="VN" betType="LO" picked={new Set()} onToggle={onToggle} />);
    fireEvent.click(screen.getByRole('button', { name: '00' }));
    fireEvent.click(screen.getByRole('button', { name: '99' }));
    expect(onToggle.mock.calls).toEqual([['00'], ['99']]);
  });
});
