import Fastify from 'fastify';

/** The yardstick: a bare Fastify answering a small JSON object, same Node, same machine. */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ success: true, message: 'hello', data: null }));
void app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
