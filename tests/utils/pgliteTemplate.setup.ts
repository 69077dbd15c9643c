import { createPgliteTemplate } from './pgliteTemplate';

export default async function setup() {
  process.env.PGLITE_TEMPLATE = await createPgliteTemplate();
}
