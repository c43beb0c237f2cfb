import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { renderAt, stubMoneyApi } from '../finance/finance-test-support';
import { aBoard, aLead, aRecord, aSection } from './leads-fixtures';
import { LeadsPage } from './leads-page';
import { boardApi, boardStream, withLaidOutColumns } from './leads-test-support';
import { TAB_CLIENT_ID } from './live/client-id';
import { VIEW_KEY } from './view-mode';

const aziz = aLead({
  name: 'Aziz Karimov',
  phone: '901234567',
  course: 'English',
  source: 'Instagram',
  admin: { id: 3, name: 'Nodira Admin' },
  tags: [{ id: 5, name: 'Hot', color: 'red' }],
});
const bobur = aLead({ name: 'Bobur Aliev', column: 'waiting', section_id: 7, source: 'Website form' });
const sardor = aLead({ name: 'Sardor Set', column: 'set' });
const board = () => {
  const b = aBoard([aziz, bobur, sardor], { sections: [aSection({ id: 7, title: 'Call back' })] });
  b.columns[2]!.title = 'Trial booked';
  return b;
};
let stream = boardStream();
const calls = stubMoneyApi((call) => boardApi(board, stream, [aziz])(call), { roles: [Role.admin] });
withLaidOutColumns();
/** The board page is a heavy render in jsdom (three virtual columns, the search bar); the machine is shared. */
const SLOW = 120_000;

// Role queries walk the whole antd page and take a second each in jsdom: these look by label instead.
const regionNamed = (name: string) => document.querySelector<HTMLElement>(`section[aria-label="${name}"]`);
const column = (name: string) =>
  waitFor(() => {
    const found = regionNamed(name);
    if (!found) throw new Error(`no column ${name}`);
    return found;
  });
const openMenuOf = async (name: string) => fireEvent.click(await screen.findByLabelText(`Actions for ${name}`));
const openMenu = () => document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container).getByText(text).closest('button') as HTMLElement;
const boardChanges = () => calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/v1/lead-increment/'));

describe('LeadsPage', () => {
  it(
    'shows the three columns with their names, sections and cards from the board',
    async () => {
      stream = boardStream();
      localStorage.removeItem(VIEW_KEY);
      renderAt(<LeadsPage />, '/leads');
      const incoming = await column('Incoming leads');
      expect(within(incoming).getByText('Aziz Karimov')).toBeTruthy();
      expect(within(incoming).getByText('+998 90 123 45 67')).toBeTruthy();
      for (const text of ['English', 'Instagram', 'Nodira Admin', 'Hot'])
        expect(within(incoming).getByText(text)).toBeTruthy();
      const waiting = await column('Queue / waiting');
      expect(within(waiting).getByText('Call back')).toBeTruthy();
      expect(within(waiting).getByText('Bobur Aliev')).toBeTruthy();
      expect(await column('Trial booked')).toBeTruthy();
      expect(calls.map((c) => c.url)).toContain('/api/v1/leads/?branch_id=2');
      // The stream starts from the board's time, with the bearer token.
      await waitFor(() =>
        expect(calls.some((c) => c.url === '/api/v1/lead-increment/stream?branch_id=2&from=10')).toBe(true),
      );
      expect(calls.find((c) => c.url.includes('/stream'))?.headers.Authorization).toBe('Bearer token');
      expect(await screen.findByText('Live')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'moves a card with its "Move to…" menu at once and sends the move with this tab’s client id',
    async () => {
      stream = boardStream();
      renderAt(<LeadsPage />, '/leads');
      await openMenuOf('Aziz Karimov');
      await waitFor(() => expect(openMenu()).toBeTruthy());
      expect(within(openMenu()).getByText('Move to…')).toBeTruthy();
      fireEvent.click(within(openMenu()).getByText('Queue / waiting'));
      await waitFor(() =>
        expect(within(regionNamed('Queue / waiting') as HTMLElement).getByText('Aziz Karimov')).toBeTruthy(),
      );
      await waitFor(() => expect(boardChanges()).toHaveLength(1));
      expect(boardChanges()[0]).toMatchObject({
        url: '/api/v1/lead-increment/?branch_id=2',
        body: {
          action: 'update',
          type: 'lead',
          uuid: aziz.uuid,
          data: { after_uuid: null },
          location: { column: 'waiting', section: null },
          client_id: TAB_CLIENT_ID,
        },
      });
    },
    SLOW,
  );

  it(
    'follows the records the stream pushes: another user’s move shows on this board',
    async () => {
      stream = boardStream();
      renderAt(<LeadsPage />, '/leads');
      await column('Incoming leads');
      stream.push([aRecord(11, { ...aziz, column: 'set', position: 1 })]);
      const set = await column('Trial booked');
      await waitFor(() => expect(within(set).getByText('Aziz Karimov')).toBeTruthy());
      expect(within(regionNamed('Incoming leads') as HTMLElement).queryByText('Aziz Karimov')).toBeNull();
    },
    SLOW,
  );

  it(
    'archives a card only with a deletion reason',
    async () => {
      stream = boardStream();
      renderAt(<LeadsPage />, '/leads');
      await openMenuOf('Aziz Karimov');
      await waitFor(() => expect(openMenu()).toBeTruthy());
      fireEvent.click(within(openMenu()).getByText('Archive'));
      await screen.findByText('Archive Aziz Karimov');
      const dialog = document.querySelector<HTMLElement>('.ant-modal') as HTMLElement;
      fireEvent.click(button(dialog, 'Archive'));
      expect(await within(dialog).findByText('Choose the reason for deleting the lead.')).toBeTruthy();
      expect(boardChanges()).toHaveLength(0);
      // Only active reasons are offered.
      fireEvent.mouseDown(dialog.querySelector('.ant-select input') as HTMLElement);
      expect(screen.queryByText('Old reason')).toBeNull();
      fireEvent.click(await screen.findByText('Too expensive'));
      fireEvent.click(button(dialog, 'Archive'));
      await waitFor(() => expect(boardChanges()).toHaveLength(1));
      expect(boardChanges()[0]?.body).toEqual({
        action: 'delete',
        type: 'lead',
        uuid: aziz.uuid,
        data: { reason_id: 1 },
        client_id: TAB_CLIENT_ID,
      });
      expect(await screen.findByText('The lead is archived')).toBeTruthy();
      expect(within(regionNamed('Incoming leads') as HTMLElement).queryByText('Aziz Karimov')).toBeNull();
    },
    SLOW,
  );

  it(
    'remembers the list view for the next visit',
    async () => {
      stream = boardStream();
      localStorage.removeItem(VIEW_KEY);
      const first = renderAt(<LeadsPage />, '/leads');
      await column('Incoming leads');
      fireEvent.click(screen.getByText('List'));
      expect(localStorage.getItem(VIEW_KEY)).toBe('list');
      expect(await screen.findByText('Stage', { selector: 'th' })).toBeTruthy();
      first.unmount();
      calls.length = 0;
      renderAt(<LeadsPage />, '/leads');
      expect(await screen.findByText('Aziz Karimov', { selector: 'td button span' })).toBeTruthy();
      expect(calls.some((c) => c.url.startsWith('/api/v1/leadData?branch_id=2&page=1&per_page=50'))).toBe(true);
      expect(regionNamed('Incoming leads')).toBeNull();
      localStorage.removeItem(VIEW_KEY);
    },
    SLOW,
  );

  it(
    'asks the server for each column’s matches when a search is typed (not only the loaded cards)',
    async () => {
      stream = boardStream();
      localStorage.removeItem(VIEW_KEY);
      renderAt(<LeadsPage />, '/leads');
      await column('Incoming leads');
      fireEvent.change(screen.getByLabelText('Name or phone'), { target: { value: 'Aziz' } });
      await waitFor(() =>
        expect(calls.map((c) => c.url)).toContain(
          '/api/v1/leadData?branch_id=2&search=Aziz&column=set&page=1&per_page=50',
        ),
      );
      const incoming = await column('Incoming leads');
      expect(await within(incoming).findByText('Aziz Karimov')).toBeTruthy();
      expect(within(await column('Trial booked')).getByText('No matching leads')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'opens the new-lead form with a caller’s number (the call widget’s “create a lead”)',
    async () => {
      stream = boardStream();
      renderAt(<LeadsPage />, '/leads?new_lead=935551122', '/leads');
      const dialog = await screen.findByRole('dialog', { name: 'New lead' });
      expect((within(dialog).getByLabelText('Phone') as HTMLInputElement).value).toBe('93 555 11 22');
    },
    SLOW,
  );

  it(
    'names the stage in the drawer as the branch titled its column',
    async () => {
      stream = boardStream();
      localStorage.removeItem(VIEW_KEY);
      renderAt(<LeadsPage />, '/leads');
      fireEvent.click(await screen.findByLabelText('Open the lead Sardor Set'));
      const drawer = await waitFor(() => document.querySelector<HTMLElement>('.ant-drawer-open') ?? fail());
      const stage = within(drawer).getByText('Stage').closest('tr') as HTMLElement;
      expect(within(stage).getByText('Trial booked')).toBeTruthy();
      expect(within(drawer).queryByText('Deal / set')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the public form’s source in the user’s language and a company’s own source as named',
    async () => {
      stream = boardStream();
      localStorage.removeItem(VIEW_KEY);
      changeLanguage('ru', false);
      try {
        renderAt(<LeadsPage />, '/leads');
        expect(await screen.findByText('Форма на сайте')).toBeTruthy();
        expect(screen.getByText('Instagram')).toBeTruthy();
        expect(screen.queryByText('Website form')).toBeNull();
      } finally {
        changeLanguage('en', false);
      }
    },
    SLOW,
  );
});

const fail = (): never => {
  throw new Error('not yet');
};

describe('LeadsPage for a marketer', () => {
  beforeEach(() => storeUser(aUser([Role.marketer]), 'token'));

  it(
    'offers the branch’s staff as the responsible without asking the staff list',
    async () => {
      stream = boardStream();
      localStorage.removeItem(VIEW_KEY);
      renderAt(<LeadsPage />, '/leads');
      await column('Incoming leads');
      // The search bar's filter (the cards' icons carry the same label), unfolded as on a phone (jsdom's width).
      const search = document.querySelector<HTMLElement>('[role="search"]') as HTMLElement;
      fireEvent.click(within(search).getByLabelText('Filters'));
      fireEvent.mouseDown(await within(search).findByLabelText('Responsible'));
      expect(await screen.findByText('Otabek Marketer')).toBeTruthy();
      expect(calls.map((c) => c.url)).toContain('/api/v1/leads/staff?branch_id=2');
      expect(calls.some((c) => c.url.startsWith('/api/v1/user'))).toBe(false);
    },
    SLOW,
  );

  it(
    'makes a lead in “set” a trial student of a group of the branch',
    async () => {
      stream = boardStream();
      renderAt(<LeadsPage />, '/leads');
      await openMenuOf('Sardor Set');
      await waitFor(() => expect(openMenu()).toBeTruthy());
      fireEvent.click(within(openMenu()).getByText('Make a student'));
      await screen.findByText('Make Sardor Set a student');
      const dialog = document.querySelector<HTMLElement>('.ant-modal') as HTMLElement;
      fireEvent.mouseDown(dialog.querySelector('.ant-select input') as HTMLElement);
      fireEvent.click(await screen.findByText('Evening English · English · Kamola Teacher'));
      fireEvent.click(button(dialog, 'Save'));
      await waitFor(() => expect(calls.some((c) => c.url === `/api/v1/group/lead/${sardor.id}`)).toBe(true));
      expect(calls.find((c) => c.url === `/api/v1/group/lead/${sardor.id}`)).toMatchObject({
        method: 'POST',
        body: { group_id: 41, client_id: TAB_CLIENT_ID },
      });
      expect(calls.some((c) => c.url.startsWith('/api/v1/group?'))).toBe(false);
      expect(await screen.findByText('The lead is now a trial student of the group')).toBeTruthy();
    },
    SLOW,
  );
});
