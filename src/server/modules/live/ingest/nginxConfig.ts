/**
 * The ingest's nginx configuration (Debian's nginx with its RTMP module): RTMP on `rtmpPort` for
 * encoders; every publish asked of the server first (on_publish: 2xx allows, 3xx renames the stream
 * so the key never becomes a stream name, anything else refuses); raw feeds played only from this
 * machine (the packagers); an encoder silent for 10 s dropped; and a control socket the server uses
 * to drop an event's encoders when its keys rotate or its show ends, and to read the picture size an
 * encoder announces (its ladder).
 */
export function renderIngestNginxConfig(o: {
  prefix: string;
  rtmpModule: string;
  rtmpPort: number;
  controlSocket: string;
  callbackBase: string;
  /** The server's ingest key: the file is the ingest's own (mode 600). */
  token: string;
}): string {
  return `# Written by the storefront at start (modules/live/ingest/nginxConfig.ts): edits are overwritten.
load_module ${o.rtmpModule};
# One process, the server's child (as its user): it dies with the server, no worker outlives it.
master_process off;
daemon off;
pid ${o.prefix}/nginx.pid;
error_log ${o.prefix}/error.log warn;
events { worker_connections 1024; }

rtmp {
  server {
    listen ${o.rtmpPort};
    chunk_size 4096;
    application live {
      live on;
      record off;
      allow publish all;
      allow play 127.0.0.1;
      deny play all;
      notify_method post;
      on_publish ${o.callbackBase}/internal/ingest/publish?token=${o.token};
      on_publish_done ${o.callbackBase}/internal/ingest/publish-done?token=${o.token};
      drop_idle_publisher 10s;
    }
  }
}

http {
  access_log off;
  client_body_temp_path ${o.prefix}/tmp;
  proxy_temp_path ${o.prefix}/tmp;
  fastcgi_temp_path ${o.prefix}/tmp;
  uwsgi_temp_path ${o.prefix}/tmp;
  scgi_temp_path ${o.prefix}/tmp;
  server {
    listen unix:${o.controlSocket};
    location /control { rtmp_control all; }
    location /stat { rtmp_stat all; }
  }
}
`;
}
