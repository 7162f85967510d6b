import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from '@/components/ui/text-field';
import { BetSlip } from '@/features/house-games/components/bet-slip';
import { NumberPicker } from '@/features/house-games/components/number-picker';
import { normalizeAmountInput } from './digits';

function AmountField({ inputMode }: { inputMode?: 'decimal' | 'text' }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextField label="Amount" inputMode={inputMode} value={value} onChange={(event) => setValue(event.target.value)} />
      <output>{value}</output>
    </>
  );
}

// BN copy tells players to type amounts and numbers; a Bengali keyboard types ০-৯, which these
// fields used to refuse ("enter an amount like 10 or 10.50" for ১০).
describe('number fields take Bengali digits', () => {
  it('an amount field turns ০-৯ into Latin digits as they are typed', async () => {
    const user = userEvent.setup();
    render(<AmountField inputMode="decimal" />);
    await user.type(screen.getByLabelText('Amount'), '১২৫০.৫০');
    expect(screen.getByRole('status').textContent).toBe('1250.50');
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1250.50');
  });

  it('a text field keeps Bengali text as typed', async () => {
    const user = userEvent.setup();
    render(<AmountField inputMode="text" />);
    await user.type(screen.getByLabelText('Amount'), 'রহিম ১');
    expect(screen.getByRole('status').textContent).toBe('রহিম ১');
  });

  it('amounts drop thousands separators', () => {
    expect(normalizeAmountInput('১,২৫০.৫০')).toBe('1250.50');
    expect(normalizeAmountInput(' 10 ')).toBe('10');
  });

  it('the lottery number field adds a number typed in Bengali digits', () => {
    const onToggle = vi.fn();
    render(<NumberPicker kind="SEA" betType="THREE_TOP" picked={new Set()} onToggle={onToggle} />);
    fireEvent.change(screen.getByLabelText('Type a 3-digit number'), { target: { value: '৪৫৬' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onToggle).toHaveBeenCalledWith('456');
  });

  it('the lottery stake field hands over Latin digits', () => {
    const onAmountChange = vi.fn();
    render(
      <BetSlip
        lines={[]}
        betTypes={[]}
        amountText=""
        onAmountChange={onAmountChange}
        onRemove={vi.fn()}
        onClear={vi.fn()}
        onPlace={vi.fn()}
        isPlacing={false}
        isClosed={false}
        error={null}
        selectionLabel={() => ''}
      />,
    );
    fireEvent.change(document.querySelector('input[name="amount"]') as HTMLInputElement, { target: { value: '২০' } });
    expect(onAmountChange).toHaveBeenCalledWith('20');
  });
});
