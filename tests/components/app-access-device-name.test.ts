import { describe, expect, it } from 'vitest';
import { deviceName } from '@/features/app-access/app-sign-in-flow';

describe('the name a device gives itself when it asks to sign in', () => {
  it('reads the browser and the system from the user agent', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iPhone');
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome · Android');
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Microsoft Edge · Windows');
  });

  it('gives no name for a user agent it does not know', () => {
    expect(deviceName('curl/8.5.0')).toBeUndefined();
  });
});
