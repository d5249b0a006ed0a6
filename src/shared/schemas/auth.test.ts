import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages/member';
import {
  emailForSignup,
  loginBodySchema,
  memberPasswordSchema,
  type SignupForm,
  secondFactorBodySchema,
  signupBodyFromForm,
  signupBodySchema,
  signupFormSchema,
} from './auth';

const S = MSG.signup;
const form: SignupForm = {
  username: 'hong_gildong',
  usernameChecked: true,
  full_name: '홍길동',
  password: 'abcd1234',
  passwordConfirm: 'abcd1234',
  second_password: '123456',
  email: 'hong@example.com',
  contact: '010-1234-5678',
  terms: true,
  privacy: true,
  age: true,
  marketing: false,
};
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('sign-up form rules (SPEC §5)', () => {
  it('accepts a complete form and turns it into the SPEC §7 body the server accepts', () => {
    expect(signupFormSchema.safeParse(form).success).toBe(true);
    const body = signupBodyFromForm(form);
    expect(body.options.data).not.toHaveProperty('is_admin');
    expect(signupBodySchema.safeParse(body).success).toBe(true);
  });
  it('needs matching passwords, the duplicate check and the three required agreements', () => {
    expect(messages(signupFormSchema.safeParse({ ...form, passwordConfirm: 'abcd12345' }))).toContain(
      S.passwordMismatch,
    );
    expect(messages(signupFormSchema.safeParse({ ...form, usernameChecked: false }))).toContain(
      S.usernameCheckNeeded,
    );
    expect(messages(signupFormSchema.safeParse({ ...form, terms: false }))).toContain(S.termsRequired);
    expect(messages(signupFormSchema.safeParse({ ...form, privacy: false }))).toContain(S.privacyRequired);
    expect(messages(signupFormSchema.safeParse({ ...form, age: false }))).toContain(S.ageRequired);
    expect(signupFormSchema.safeParse({ ...form, marketing: true }).success).toBe(true);
  });
  it('asks for a username before the check', () => {
    expect(messages(signupFormSchema.safeParse({ ...form, username: '' }))).toContain(S.enterUsername);
  });
  it('takes a second password of 4 to 6 digits only', () => {
    for (const ok of ['1234', '12345', '123456']) {
      expect(signupFormSchema.safeParse({ ...form, second_password: ok }).success).toBe(true);
    }
    for (const bad of ['', '123', '1234567', '12a4', '١٢٣٤']) {
      expect(messages(signupFormSchema.safeParse({ ...form, second_password: bad }))).toContain(
        S.secondPasswordRule,
      );
    }
  });
  it('falls back to a generated address when the email has no @', () => {
    expect(emailForSignup('', 'hong_gildong')).toBe('hong_gildong@member.local');
    expect(emailForSignup('hong', 'Hong')).toBe('hong@member.local');
    expect(emailForSignup(' a@b.co ', 'x')).toBe('a@b.co');
    expect(messages(signupFormSchema.safeParse({ ...form, email: 'a@b' }))).toContain(S.emailInvalid);
  });
  it('refuses a body that names an unknown field', () => {
    const body = signupBodyFromForm(form);
    expect(signupBodySchema.safeParse({ ...body, role: 'admin' }).success).toBe(false);
  });
});

describe('password rule: at least 8 characters with letters and digits', () => {
  it('holds for any generated password', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (p) => {
        const expected = p.length >= 8 && /[A-Za-z]/.test(p) && /\d/.test(p);
        expect(memberPasswordSchema.safeParse(p).success).toBe(expected);
      }),
    );
  });
});

describe('login and second step', () => {
  it('require both fields with Korean messages', () => {
    expect(messages(loginBodySchema.safeParse({ email: '', password: 'x' }))).toContain(
      MSG.login.usernameRequired,
    );
    expect(messages(loginBodySchema.safeParse({ email: 'x', password: '' }))).toContain(
      MSG.login.passwordRequired,
    );
  });
  it('accepts up to 12 characters at the second step', () => {
    expect(secondFactorBodySchema.safeParse({ second_password: '123456789012' }).success).toBe(true);
    expect(messages(secondFactorBodySchema.safeParse({ second_password: '1234567890123' }))).toContain(
      MSG.secondFactor.tooLong,
    );
  });
});
