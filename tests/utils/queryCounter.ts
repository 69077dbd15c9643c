import type { Kysely, KyselyPlugin, QueryId } from 'kysely';

/**
 * The same database, with every statement sent through it (inside its transactions too) counted and
 * named by its kind and first table: how a test holds a piece of work to a number of queries. BEGIN
 * and COMMIT are the driver's own and are not counted.
 */
export function countQueries<DB>(db: Kysely<DB>) {
  // Weak: a query compiled but never run leaves no entry behind.
  const pending = new WeakMap<QueryId, string>();
  let sent: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      // A builder may hand its node over more than once before it runs: one name per query id.
      pending.set(queryId, describe(node));
      return node;
    },
    async transformResult({ queryId, result }) {
      sent.push(pending.get(queryId) ?? 'raw');
      return result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    /** The statements sent since the last call, and starts counting afresh. */
    take(): string[] {
      const out = sent;
      sent = [];
      return out;
    },
  };
}

type Node = Parameters<KyselyPlugin['transformQuery']>[0]['node'];
function describe(node: Node): string {
  const kind = node.kind.replace(/QueryNode$/, '').toLowerCase();
  const table = firstTable(node);
  return table ? `${kind} ${table}` : kind;
}
function firstTable(node: Node): string | undefined {
  const n = node as unknown as {
    from?: { froms: { table?: { identifier: { name: string } } }[] };
    into?: { table: { identifier: { name: string } } };
    table?: { table?: { identifier: { name: string } } };
  };
  return n.from?.froms[0]?.table?.identifier.name ?? n.into?.table.identifier.name ?? n.table?.table?.identifier.name;
}
