import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { json, renderPage, stubApi } from '../courses/test-support';
import { IDLE } from './call-machine';
import { CallModal } from './call-modal';

stubApi(() => json(404, { error: { code: 'not_found', message: '' } }));

const phone = { country: 'uz', snapshot: IDLE, dial: vi.fn() };
const onClose = vi.fn();

beforeEach(() => {
  onScreen('phone');
  phone.dial.mockReset();
  onClose.mockReset();
});

const box = () => screen.getByRole('textbox', { name: 'Phone number' });
const call = () => fireEvent.click(screen.getByRole('button', { name: /Call$/ }));

describe('the call modal (spec §2, §5)', () => {
  it('refuses a number shorter than the country’s minimum, naming the minimum', async () => {
    renderPage(<CallModal phone={phone} onClose={onClose} />);
    fireEvent.change(box(), { target: { value: '90 123' } });
    expect((box() as HTMLInputElement).value).toBe('90 123');
    call();
    expect(await screen.findByText('Wrong length: the number needs at least 9 digits')).toBeTruthy();
    expect(phone.dial).not.toHaveBeenCalled();
  });

  it('calls a whole number through the widget, in the country’s mask', async () => {
    renderPage(<CallModal phone={phone} onClose={onClose} />);
    fireEvent.change(box(), { target: { value: '+998901234567' } });
    expect((box() as HTMLInputElement).value).toBe('90 123 45 67');
    call();
    await waitFor(() => expect(phone.dial).toHaveBeenCalledWith('901234567'));
    expect(onClose).toHaveBeenCalled();
  });

  it('opens with a number typed in', () => {
    renderPage(<CallModal phone={phone} initialPhone="998935551122" onClose={onClose} />);
    expect((box() as HTMLInputElement).value).toBe('93 555 11 22');
  });
});
