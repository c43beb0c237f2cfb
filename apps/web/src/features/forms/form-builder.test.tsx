import { formInputSchema } from '@crm/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { FormCreatePage, FormEditPage } from './form-builder-pages';
import { aForm } from './forms-fixtures';

let refuse: ((call: ApiCall) => Response | null) | null = null;

const calls = stubApi((call) => {
  const refusal = refuse?.(call);
  if (refusal) return refusal;
  if (call.url === '/api/v1/form' && call.method === 'POST') {
    return json(200, aForm({ id: 9, status: 'draft', ...(call.body as object) }));
  }
  if (call.url === '/api/v1/form/5/publish') return json(200, aForm({ status: 'draft' }));
  if (call.url === '/api/v1/form/9/publish') return json(200, aForm({ id: 9, status: 'published' }));
  if (call.url === '/api/v1/form/5') return json(200, aForm());
  if (call.url === '/api/v1/branch') return json(200, { data: [{ id: 2, name: 'Yunusobod' }] });
  if (call.url === '/api/v1/leadSource?all=1') return json(200, { data: [{ id: 7, name: 'Instagram', active: true }] });
  if (call.url === '/api/v1/leads/?branch_id=2') {
    const section = {
      id: 40,
      uuid: 's40',
      branch_id: 2,
      column: 'incoming',
      title: 'Open day',
      position: 1,
      count: 0,
      leads: [],
    };
    return json(200, {
      branch_id: 2,
      time: 0,
      columns: [{ uuid: 'c1', column: 'incoming', title: '', count: 0, leads: [], sections: [section] }],
    });
  }
  return json(404, { error: { code: 'not_found', message: call.url } });
});

/** jsdom lays nothing out: each field's card gets a 200 px box in its order, so dnd-kit's keyboard moves find the next one. */
beforeEach(() => {
  refuse = null;
  // A phone draws the builder alone (the preview waits on its tab): fewer boxes for jsdom to lay out.
  onScreen('phone');
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = rows().indexOf(this);
    if (index < 0) return original.call(this);
    const top = index * 200;
    return { x: 0, y: top, top, left: 0, width: 600, height: 200, right: 600, bottom: top + 200, toJSON: () => ({}) };
  });
});
afterEach(() => vi.restoreAllMocks());

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-field-row]')];
const row = (index: number) => within(rows()[index] as HTMLElement);
const posts = () => calls.filter((call) => call.method === 'POST');
/** The body of the first POST, as the test reads it. */
const firstBody = <T,>() => posts()[0]?.body as T;
const openBuilder = () => renderAt('/form/create', '/form/create', <FormCreatePage />);

// By label rather than by role: a role query reads the whole page's accessibility tree, slow in jsdom.
const add = (type: string) => fireEvent.click(screen.getByLabelText(`Add a field: ${type}`));
const write = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });
const save = () => fireEvent.click(screen.getAllByText('Save')[0] as HTMLElement);

/** dnd-kit listens for the next key only after a tick of its own. */
const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the form builder', () => {
  it('publishes the form its first save made, not a second one, when Publish comes before its edit page', async () => {
    // The builder stays on screen across the move to its edit page, as a slow network would show it.
    renderAt('/form/create', '/form/*', <FormCreatePage />);
    write(screen.getByLabelText('Title'), 'Open day');
    add('Short answer');
    write(row(0).getByLabelText('Question'), 'Your name');
    save();
    expect(await screen.findByText('The form is saved')).toBeTruthy();
    fireEvent.click(screen.getAllByText('Publish')[0] as HTMLElement);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/form/9/publish')).toBe(true));
    expect(posts().filter((call) => call.url === '/api/v1/form')).toHaveLength(1);
  });

  it('adds a field of each type from the palette, each with its own editor', async () => {
    openBuilder();
    const types = ['Single choice', 'Multiple choice', 'Short answer', 'Long answer', 'Email', 'Text', 'Dropdown'];
    for (const type of [...types, 'Phone', 'NPS (0–10)', 'Section']) add(type);
    expect(rows()).toHaveLength(10);
    expect(row(0).getByText('Add option')).toBeTruthy();
    expect(row(1).getByLabelText('At most ticked')).toBeTruthy();
    expect(row(2).getByLabelText('Longest answer, characters')).toBeTruthy();
    expect(row(5).getByLabelText('Text')).toBeTruthy();
    expect(row(5).queryByLabelText('Required')).toBeNull();
    expect(row(8).getByLabelText('Words under 0')).toBeTruthy();
    expect(row(9).getByLabelText('Section title')).toBeTruthy();
  });

  it('draws the preview beside the builder on a desktop, with the public page’s own fields', async () => {
    onScreen('desktop');
    openBuilder();
    add('NPS (0–10)');
    write(row(0).getByLabelText('Question'), 'Would you recommend us?');
    const preview = within(screen.getByRole('region', { name: 'Preview' }));
    expect(preview.getByText('Would you recommend us?')).toBeTruthy();
    expect(preview.getAllByRole('radio')).toHaveLength(11);
    expect(preview.getByText('Extremely likely')).toBeTruthy();
  });

  it('refuses to save a choice without options and says what is missing', async () => {
    openBuilder();
    write(screen.getByLabelText('Title'), 'Levels');
    add('Single choice');
    write(row(0).getByLabelText('Question'), 'Your level');
    save();
    expect(await screen.findByText('Add at least one option')).toBeTruthy();
    expect(screen.getByText('The form is not saved')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(row(0).getByText('Add option'));
    write(row(0).getByLabelText('Option 1'), 'Beginner');
    await waitFor(() => expect(screen.queryByText('Add at least one option')).toBeNull());
  });

  it('asks for a title, a label and at least one question', async () => {
    openBuilder();
    add('Text');
    save();
    expect(await screen.findByText("Write the form's title")).toBeTruthy();
    expect(screen.getByText('Write the text')).toBeTruthy();
    expect(screen.getByText('Add at least one question: text and sections alone ask nothing')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('sends the body the contract expects, with new random keys', async () => {
    openBuilder();
    write(screen.getByLabelText('Title'), ' Open day ');
    write(screen.getByLabelText('Description'), 'Come and see');
    add('Short answer');
    write(row(0).getByLabelText('Question'), 'Your name');
    fireEvent.click(row(0).getByLabelText('Required'));
    add('Dropdown');
    write(row(1).getByLabelText('Question'), 'Session');
    for (const [index, option] of ['Morning', 'Evening'].entries()) {
      fireEvent.click(row(1).getByText('Add option'));
      write(row(1).getByLabelText(`Option ${index + 1}`), option);
    }
    add('NPS (0–10)');
    write(row(2).getByLabelText('Question'), 'Would you recommend us?');
    save();
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = firstBody<{ fields: { key: string }[] }>();
    const key = expect.stringMatching(/^[a-z0-9_-]{1,40}$/);
    expect(body).toEqual({
      kind: 'form',
      title: 'Open day',
      description: 'Come and see',
      success_text: '',
      pixel_id: null,
      image: null,
      branch_id: null,
      section_id: null,
      source_id: null,
      fields: [
        { key, type: 'short_answer', label: 'Your name', help: '', required: true, max_length: 300 },
        { key, type: 'dropdown', label: 'Session', help: '', required: false, options: ['Morning', 'Evening'] },
        {
          key,
          type: 'nps',
          label: 'Would you recommend us?',
          help: '',
          required: false,
          low_label: '',
          high_label: '',
        },
      ],
    });
    expect(new Set(body.fields.map((field) => field.key)).size).toBe(3);
    expect(formInputSchema.safeParse(body).success).toBe(true);
    expect(await screen.findByText('left the page')).toBeTruthy();
  });

  it('moves a field with the keyboard and saves the new order', async () => {
    openBuilder();
    write(screen.getByLabelText('Title'), 'Order');
    add('Short answer');
    write(row(0).getByLabelText('Question'), 'First');
    add('Email');
    write(row(1).getByLabelText('Question'), 'Second');
    const handle = screen.getByLabelText('Move field 1: First');
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await nextTick();
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await nextTick();
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await nextTick();
    await waitFor(() => expect(screen.getByLabelText('Move field 2: First')).toBeTruthy());
    save();
    await waitFor(() => expect(posts()).toHaveLength(1));
    const labels = firstBody<{ fields: { label: string }[] }>().fields.map((field) => field.label);
    expect(labels).toEqual(['Second', 'First']);
  });

  it('duplicates a field below it and deletes one after asking', async () => {
    openBuilder();
    add('Phone');
    write(row(0).getByLabelText('Question'), 'Your phone');
    fireEvent.click(screen.getByLabelText('Duplicate field 1'));
    expect(rows()).toHaveLength(2);
    expect((row(1).getByLabelText('Question') as HTMLInputElement).value).toBe('Your phone');
    fireEvent.click(screen.getByLabelText('Delete field 2'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows the server’s refusal under the form and keeps what was typed', async () => {
    refuse = (call) =>
      call.method === 'POST'
        ? json(400, {
            error: {
              code: 'validation_failed',
              message: 'invalid',
              details: [{ field: 'fields.0.label', rule: 'invalid_characters', message: 'Bad characters' }],
            },
          })
        : null;
    openBuilder();
    write(screen.getByLabelText('Title'), 'Survey');
    add('Long answer');
    write(row(0).getByLabelText('Question'), 'Tell us more');
    save();
    expect(await screen.findByText('Field 1 “Tell us more”: Bad characters')).toBeTruthy();
    expect((row(0).getByLabelText('Question') as HTMLInputElement).value).toBe('Tell us more');
  });

  it('places a lead form on a branch board: the header’s branch, a section and a source', async () => {
    openBuilder();
    write(screen.getByLabelText('Title'), 'Trial lesson');
    fireEvent.click(screen.getByLabelText('Lead form'));
    fireEvent.mouseDown(await screen.findByLabelText('Section of the board'));
    fireEvent.click(await screen.findByTitle('Incoming leads · Open day'));
    fireEvent.mouseDown(screen.getByLabelText('Lead source'));
    fireEvent.click(await screen.findByTitle('Instagram'));
    add('Phone');
    write(row(0).getByLabelText('Question'), 'Your phone');
    save();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(firstBody()).toMatchObject({ kind: 'lead', branch_id: 2, section_id: 40, source_id: 7 });
  });

  it('opens a template filled in, unsaved', async () => {
    renderAt('/form/create?template=lesson_audit', '/form/create', <FormCreatePage />);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Lesson quality audit');
    expect(rows()).toHaveLength(5);
    expect(screen.getByRole('radio', { name: 'Audit', checked: true })).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('puts the preview on a tab of its own on a phone', async () => {
    onScreen('phone');
    openBuilder();
    add('Short answer');
    write(row(0).getByLabelText('Question'), 'Your city');
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = within(await screen.findByRole('region', { name: 'Preview' }));
    expect(preview.getByLabelText('Your city')).toBeTruthy();
  });
});

describe('a saved form in the builder', () => {
  it('shows its public address with the iframe to embed, and unpublishes it', async () => {
    renderAt('/form/edit/5', '/form/edit/:id', <FormEditPage />);
    const address = (await screen.findByLabelText('Public address')) as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}/entry/form/5`);
    expect((screen.getByLabelText('Code to embed on your site') as HTMLTextAreaElement).value).toContain(
      `<iframe src="${window.location.origin}/entry/form/5"`,
    );
    fireEvent.click(screen.getByText('Unpublish'));
    await waitFor(() =>
      expect(posts()[0]).toMatchObject({ url: '/api/v1/form/5/publish', body: { published: false } }),
    );
    expect(await screen.findByText('Draft')).toBeTruthy();
  });

  it('sends an audit form to groups instead of showing an address', async () => {
    refuse = (call) => {
      if (call.url === '/api/v1/form/5') {
        return json(
          200,
          aForm({
            kind: 'audit',
            public_path: null,
            policies: { edit: true, delete: true, read_answers: true, send_audit: true },
          }),
        );
      }
      if (call.url.startsWith('/api/v1/group?')) {
        return json(200, { data: [{ id: 31, title: 'English A1', status: 1 }], pagination: {} });
      }
      if (call.url === '/api/v1/form/5/audit-links') return json(200, { sent: 12, skipped: 2 });
      return null;
    };
    renderAt('/form/edit/5', '/form/edit/:id', <FormEditPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Send to groups/ }));
    expect(screen.queryByLabelText('Public address')).toBeNull();
    const groups = await screen.findByLabelText('Groups');
    fireEvent.mouseDown(groups);
    fireEvent.click(await screen.findByTitle('English A1'));
    const dialog = within(document.querySelector('.ant-modal') as HTMLElement);
    fireEvent.click(dialog.getByText('Send'));
    expect(await screen.findByText('Links sent: 12')).toBeTruthy();
    expect(screen.getByText('Skipped: 2 (already sent or no phone)')).toBeTruthy();
    expect(posts().at(-1)?.body).toEqual({ group_ids: [31] });
  });
});
