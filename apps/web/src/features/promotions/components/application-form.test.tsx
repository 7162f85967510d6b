import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { ApplicationForm } from './application-form';

function image(name: string, type: string, bytes = 10): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function pick(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

describe('the activity application form', () => {
  it('counts the comment and refuses an empty one and one over 140 characters, sending nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<ApplicationForm onSubmit={onSubmit} error={null} isPending={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please write a comment.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Your comment/ }), { target: { value: 'x'.repeat(141) } });
    expect(screen.getByText('141/140')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The comment can be at most 140 characters.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('previews png and jpg images, refuses a gif and a fourth image, and sends the trimmed comment with the files', async () => {
    const onSubmit = vi.fn(async (_input: { comment: string; images: File[] }) => undefined);
    const createObjectURL = vi.fn(() => 'blob:preview');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<ApplicationForm onSubmit={onSubmit} error={null} isPending={false} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Your comment/ }), { target: { value: '  I shared the promotion  ' } });

    pick([image('a.png', 'image/png'), image('b.gif', 'image/gif')]);
    expect(screen.getAllByRole('img')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Only PNG or JPG images.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove b.gif' }));
    pick([image('c.jpg', 'image/jpeg'), image('d.jpeg', 'image/jpeg'), image('e.png', 'image/png')]);
    await waitFor(() => expect(screen.getByText('At most 3 images.')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Remove e.png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]?.[0];
    expect(sent?.comment).toBe('I shared the promotion');
    expect(sent?.images.map((file) => file.name)).toEqual(['a.png', 'c.jpg', 'd.jpeg']);
  });

  it('shows the server refusal in the member language as it came', () => {
    renderWithProviders(
      <ApplicationForm onSubmit={vi.fn()} error={new ApiError('ACTIVITY_IMAGE_INVALID', 'ছবিটি PNG বা JPG নয়।', 422)} isPending={false} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('ছবিটি PNG বা JPG নয়।');
  });
});
