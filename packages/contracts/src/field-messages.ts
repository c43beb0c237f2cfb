import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './locale.js';

/**
 * The rules a field error names (FieldError.rule), and their sentences in every interface language.
 * The server words a refused field in the caller's language (Accept-Language) so an API client, a log
 * line and a form under the field all read the same; the field is named as the API names it.
 */
export const FIELD_RULES = [
  'required',
  'not_a_number',
  'not_a_whole_number',
  'invalid_type',
  'invalid_characters',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_value',
  'unknown_field',
  'too_deep',
  'common_password',
  'password_is_phone',
  'wrong_password',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

type Sentence = (field: string, limit?: number) => string;

export const FIELD_MESSAGES: Record<Language, Record<FieldRule, Sentence>> = {
  en: {
    required: (f) => `${f} is required.`,
    not_a_number: (f) => `${f} must be a number.`,
    not_a_whole_number: (f) => `${f} must be a whole number.`,
    invalid_type: (f) => `${f} has the wrong type.`,
    invalid_characters: (f) => `${f} contains a character that cannot be stored (NUL or a broken character).`,
    too_short: (f, n) => `${f} must be at least ${n} characters long.`,
    too_long: (f, n) => `${f} must be at most ${n} characters long.`,
    too_small: (f, n) => `${f} must be at least ${n}.`,
    too_big: (f, n) => `${f} must be at most ${n}.`,
    invalid_format: (f) => `${f} is not in the expected format.`,
    invalid_value: (f) => `${f} has a value that is not allowed.`,
    unknown_field: (f) => `${f} is not a known field.`,
    too_deep: (f) => `${f} is nested too deeply.`,
    common_password: (f) => `${f} is too common; choose one that is harder to guess.`,
    password_is_phone: (f) => `${f} must not be the phone number.`,
    wrong_password: (f) => `${f} is not the current password.`,
  },
  ru: {
    required: (f) => `Поле ${f} обязательно.`,
    not_a_number: (f) => `Поле ${f} должно быть числом.`,
    not_a_whole_number: (f) => `Поле ${f} должно быть целым числом.`,
    invalid_type: (f) => `Поле ${f} имеет неверный тип.`,
    invalid_characters: (f) => `Поле ${f} содержит символ, который нельзя сохранить (NUL или испорченный символ).`,
    too_short: (f, n) => `Поле ${f} должно содержать не меньше ${n} символов.`,
    too_long: (f, n) => `Поле ${f} должно содержать не больше ${n} символов.`,
    too_small: (f, n) => `Поле ${f} должно быть не меньше ${n}.`,
    too_big: (f, n) => `Поле ${f} должно быть не больше ${n}.`,
    invalid_format: (f) => `Поле ${f} имеет неверный формат.`,
    invalid_value: (f) => `Поле ${f} содержит недопустимое значение.`,
    unknown_field: (f) => `Поле ${f} неизвестно.`,
    too_deep: (f) => `Поле ${f} вложено слишком глубоко.`,
    common_password: (f) => `Поле ${f}: пароль слишком распространён, выберите более сложный.`,
    password_is_phone: (f) => `Поле ${f} не должно совпадать с номером телефона.`,
    wrong_password: (f) => `Поле ${f}: это не текущий пароль.`,
  },
  uz: {
    required: (f) => `${f} maydoni to‘ldirilishi shart.`,
    not_a_number: (f) => `${f} maydoni son bo‘lishi kerak.`,
    not_a_whole_number: (f) => `${f} maydoni butun son bo‘lishi kerak.`,
    invalid_type: (f) => `${f} maydonining turi noto‘g‘ri.`,
    invalid_characters: (f) => `${f} maydonida saqlab bo‘lmaydigan belgi bor (NUL yoki buzilgan belgi).`,
    too_short: (f, n) => `${f} maydoni kamida ${n} ta belgidan iborat bo‘lishi kerak.`,
    too_long: (f, n) => `${f} maydoni ko‘pi bilan ${n} ta belgidan iborat bo‘lishi kerak.`,
    too_small: (f, n) => `${f} maydoni kamida ${n} bo‘lishi kerak.`,
    too_big: (f, n) => `${f} maydoni ko‘pi bilan ${n} bo‘lishi kerak.`,
    invalid_format: (f) => `${f} maydonining formati noto‘g‘ri.`,
    invalid_value: (f) => `${f} maydonida ruxsat etilmagan qiymat bor.`,
    unknown_field: (f) => `${f} maydoni noma’lum.`,
    too_deep: (f) => `${f} maydoni juda chuqur joylashtirilgan.`,
    common_password: (f) => `${f}: bu parol juda keng tarqalgan, topish qiyinroq parol tanlang.`,
    password_is_phone: (f) => `${f} telefon raqami bilan bir xil bo‘lmasligi kerak.`,
    wrong_password: (f) => `${f}: bu joriy parol emas.`,
  },
  id: {
    required: (f) => `${f} wajib diisi.`,
    not_a_number: (f) => `${f} harus berupa angka.`,
    not_a_whole_number: (f) => `${f} harus berupa bilangan bulat.`,
    invalid_type: (f) => `${f} memiliki tipe yang salah.`,
    invalid_characters: (f) => `${f} berisi karakter yang tidak dapat disimpan (NUL atau karakter rusak).`,
    too_short: (f, n) => `${f} minimal ${n} karakter.`,
    too_long: (f, n) => `${f} maksimal ${n} karakter.`,
    too_small: (f, n) => `${f} minimal ${n}.`,
    too_big: (f, n) => `${f} maksimal ${n}.`,
    invalid_format: (f) => `Format ${f} tidak sesuai.`,
    invalid_value: (f) => `${f} berisi nilai yang tidak diizinkan.`,
    unknown_field: (f) => `${f} bukan kolom yang dikenal.`,
    too_deep: (f) => `${f} bersarang terlalu dalam.`,
    common_password: (f) => `${f} terlalu umum; pilih kata sandi yang lebih sulit ditebak.`,
    password_is_phone: (f) => `${f} tidak boleh sama dengan nomor telepon.`,
    wrong_password: (f) => `${f} bukan kata sandi saat ini.`,
  },
};

export const fieldMessage = (language: Language, rule: FieldRule, field: string, limit?: number): string =>
  FIELD_MESSAGES[language][rule](field, limit);

/** The first interface language an Accept-Language header asks for (`ru-RU,ru;q=0.9` → ru), else uz. */
export function languageFromHeader(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}
