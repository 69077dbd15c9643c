// @databases postgres: its outcome does not depend on the kind of database
import { createTestApp } from '../../../utils/testApp';

describe('GET /healthz', () => {
  it('is 200 while the database answers and 503 once it does not', async () => {
    const t = await createTestApp();
    try {
      const up = await t.app.inject({ url: '/healthz' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok', database: 'up' });

      await t.database.close();
      const down = await t.app.inject({ url: '/healthz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await t.app.close();
    }
  });
});
