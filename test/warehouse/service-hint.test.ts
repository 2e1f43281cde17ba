// The refusal of another service's account gives the statement that records a move; the e-mail
// in it is an SQL string, so a quote in the address (legal before the @) must be doubled.
import { describe, expect, it } from 'vitest';
import { OtherServiceError, refuseOtherService, serviceOf } from '../../src/warehouse/service.js';

describe('refuseOtherService', () => {
  it("doubles a quote of the e-mail in the hint's SQL, and names both services", () => {
    const err = (() => {
      try {
        refuseOtherService('w.duckdb', "o'brien@example.com", 'https://api.example.com', 'https://staging.example.com');
      } catch (e) {
        return e;
      }
    })() as OtherServiceError;
    expect(err).toBeInstanceOf(OtherServiceError);
    expect(err.message).toContain("holds o'brien@example.com from https://api.example.com");
    expect(err.hint).toContain("WHERE account = 'o''brien@example.com'");
  });

  it('the same service, or none recorded yet, is no refusal', () => {
    expect(() => refuseOtherService('w', 'a@b.c', 'https://x.example', 'https://x.example')).not.toThrow();
    expect(() => refuseOtherService('w', 'a@b.c', null, 'https://x.example')).not.toThrow();
    expect(serviceOf('HTTPS://Api.Example.com:443/v1/')).toBe('https://api.example.com');
  });
});
