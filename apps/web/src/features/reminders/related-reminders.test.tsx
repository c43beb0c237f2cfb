import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { RelatedReminders } from './related-reminders';

let unreachable = false;
stubApi(() => {
  if (unreachable) throw new TypeError('Failed to fetch');
  return json(500, { error: { code: 'internal', message: 'Something went wrong on our side.' } });
});
afterEach(() => {
  onlineManager.setOnline(true);
  unreachable = false;
});

/** The Tasks card of a group, student or lead page says why it has nothing to show, never a skeleton forever. */
describe('RelatedReminders when its tasks cannot be read', () => {
  it('says it waits for the connection when the phone is offline (the teacher’s group page)', async () => {
    onlineManager.setOnline(false);
    renderPage(<RelatedReminders kind="group" subject={{ id: 4, name: 'Morning English' }} />);
    expect(await screen.findByText('No connection: this part shows once the connection is back.')).toBeTruthy();
  });

  it('says the same when the browser believes it is online but the read gets no answer', async () => {
    unreachable = true;
    renderPage(<RelatedReminders kind="group" subject={{ id: 4, name: 'Morning English' }} />);
    expect(await screen.findByText('No connection: this part shows once the connection is back.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s error instead of loading for ever', async () => {
    renderPage(<RelatedReminders kind="group" subject={{ id: 4, name: 'Morning English' }} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
