import { type SentenceTools, sentence, words } from './history-sentence-kit.js';

/** History sentences of the catalogue: courses, their folders and files, and rooms. */

/** The name of a course (or room) as stored: its own field, else the one after (or before) an edit. */
const nameOf = (t: SentenceTools) => t.text('name') ?? t.text('after', 'name') ?? t.text('before', 'name');

export const catalogSentences = {
  courseCreated: sentence({
    label: words('Kurs qoʻshildi', 'Курс создан', 'Course created', 'Kursus dibuat'),
    placeholders: ['course'],
    fill: (t) => ({ course: t.strong(nameOf(t)) }),
    templates: {
      default: words(
        '{actor} yangi kurs qoʻshdi: {course}',
        '{actor} создал[а] курс {course}',
        '{actor} created course {course}',
        '{actor} membuat kursus {course}',
      ),
    },
  }),
  courseChanged: sentence({
    label: words('Kurs tahrirlandi', 'Курс изменён', 'Course edited', 'Kursus diubah'),
    placeholders: ['course'],
    fill: (t) => ({ course: t.strong(nameOf(t)) }),
    templates: {
      default: words(
        '{actor} kurs maʼlumotlarini tahrirladi: {course}',
        '{actor} изменил[а] курс {course}',
        '{actor} edited course {course}',
        '{actor} mengubah kursus {course}',
      ),
    },
  }),
  courseDeleted: sentence({
    label: words('Kurs oʻchirildi', 'Курс удалён', 'Course deleted', 'Kursus dihapus'),
    placeholders: ['course'],
    fill: (t) => ({ course: t.strong(nameOf(t)) }),
    templates: {
      default: words(
        '{actor} kursni oʻchirdi: {course}',
        '{actor} удалил[а] курс {course}',
        '{actor} deleted course {course}',
        '{actor} menghapus kursus {course}',
      ),
    },
  }),
  courseFileUploaded: sentence({
    label: words('Kursga fayl yuklandi', 'Загружен файл курса', 'Course file uploaded', 'Berkas kursus diunggah'),
    placeholders: ['file'],
    fill: (t) => ({ file: t.strong(t.text('name')) }),
    templates: {
      default: words(
        '{actor} kurs materiallariga fayl yukladi: {file}',
        '{actor} загрузил[а] файл в материалы курса: {file}',
        '{actor} uploaded file {file} to the course materials',
        '{actor} mengunggah berkas {file} ke materi kursus',
      ),
    },
  }),
  courseFileDeleted: sentence({
    label: words('Kurs fayli oʻchirildi', 'Удалён файл курса', 'Course file deleted', 'Berkas kursus dihapus'),
    placeholders: ['file'],
    fill: (t) => ({ file: t.strong(t.text('name')) }),
    templates: {
      default: words(
        '{actor} kurs materiallaridan faylni oʻchirdi: {file}',
        '{actor} удалил[а] файл из материалов курса: {file}',
        '{actor} deleted file {file} from the course materials',
        '{actor} menghapus berkas {file} dari materi kursus',
      ),
    },
  }),
  courseFolderChanged: sentence({
    label: words('Kurs papkasi oʻzgardi', 'Изменена папка курса', 'Course folder changed', 'Folder kursus diubah'),
    placeholders: ['folder', 'before', 'after'],
    fill: (t) => ({
      folder: t.strong(t.text('name')),
      before: t.strong(t.text('before', 'name')),
      after: t.strong(t.text('after', 'name')),
    }),
    variant: (t) => t.text('action') ?? 'default',
    templates: {
      default: words(
        '{actor} kurs papkasini oʻzgartirdi‹: {folder}›',
        '{actor} изменил[а] папку курса‹: {folder}›',
        '{actor} changed a course folder‹: {folder}›',
        '{actor} mengubah folder kursus‹: {folder}›',
      ),
      created: words(
        '{actor} kursda yangi papka ochdi: {folder}',
        '{actor} создал[а] папку курса {folder}',
        '{actor} created course folder {folder}',
        '{actor} membuat folder kursus {folder}',
      ),
      renamed: words(
        '{actor} kurs papkasini qayta nomladi: {before} → {after}',
        '{actor} переименовал[а] папку курса: {before} → {after}',
        '{actor} renamed a course folder: {before} → {after}',
        '{actor} mengganti nama folder kursus: {before} → {after}',
      ),
      deleted: words(
        '{actor} kurs papkasini oʻchirdi: {folder}',
        '{actor} удалил[а] папку курса {folder}',
        '{actor} deleted course folder {folder}',
        '{actor} menghapus folder kursus {folder}',
      ),
    },
  }),
  roomCreated: sentence({
    label: words('Xona qoʻshildi', 'Кабинет добавлен', 'Room added', 'Ruangan ditambahkan'),
    placeholders: ['room', 'capacity'],
    fill: (t) => ({ room: t.strong(nameOf(t)), capacity: t.number('capacity')?.toString() }),
    templates: {
      default: words(
        '{actor} yangi xona qoʻshdi: {room}‹ ({capacity} oʻrin)›',
        '{actor} добавил[а] кабинет {room}‹ (мест: {capacity})›',
        '{actor} added room {room}‹ ({capacity} seats)›',
        '{actor} menambahkan ruangan {room}‹ ({capacity} kursi)›',
      ),
    },
  }),
  roomEdited: sentence({
    label: words('Xona tahrirlandi', 'Кабинет изменён', 'Room edited', 'Ruangan diubah'),
    placeholders: ['room'],
    fill: (t) => ({ room: t.strong(nameOf(t)) }),
    templates: {
      default: words(
        '{actor} xona maʼlumotlarini tahrirladi: {room}',
        '{actor} изменил[а] кабинет {room}',
        '{actor} edited room {room}',
        '{actor} mengubah ruangan {room}',
      ),
    },
  }),
  roomDeleted: sentence({
    label: words('Xona oʻchirildi', 'Кабинет удалён', 'Room deleted', 'Ruangan dihapus'),
    placeholders: ['room'],
    fill: (t) => ({ room: t.strong(nameOf(t)) }),
    templates: {
      default: words(
        '{actor} xonani oʻchirdi: {room}',
        '{actor} удалил[а] кабинет {room}',
        '{actor} deleted room {room}',
        '{actor} menghapus ruangan {room}',
      ),
    },
  }),
};
