import { describe, expect, it } from 'vitest';
import { buildLoginPayload, LOGIN_TYPES } from './login.ts';

describe('the sign-in payload', () => {
  it('trims user name and password, defaults real_name to empty, and carries the device', () => {
    expect(
      buildLoginPayload(
        { user_name: '  ada@example.com ', password: ' Secret123 ' },
        LOGIN_TYPES.password,
        'dev-1',
      ),
    ).toEqual({
      user_name: 'ada@example.com',
      password: 'Secret123',
      valid_code: '',
      login_type: 0,
      real_name: '',
      device_id: 'dev-1',
    });
  });

  it('sends the trimmed code and no password for a code sign-in', () => {
    expect(
      buildLoginPayload(
        { user_name: '13800138000', password: 'x', valid_code: ' 123456 ' },
        LOGIN_TYPES.code,
        'd',
      ),
    ).toMatchObject({ password: '', valid_code: '123456', login_type: 1 });
  });
});
