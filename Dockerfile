# Aisle as one image for every role: `ROLE=web` serves the app and the API on port 3000,
# `ROLE=worker` runs the background jobs, `ROLE=all` (the default) does both on the embedded
# database. See docs/container.md.
#
# Plain Dockerfile syntax (no BuildKit-only features), so the legacy builder builds it too.
# Behind a TLS-intercepting proxy, pass its CA for the build's npm: --build-arg EXTRA_CA_CERTS="$(cat ca.pem)"
# (scripts/container-test.mjs does that from the machine's own settings).

# ---- build: every dependency, then the web app and the server bundle --------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
# PEM certificates npm trusts besides its own, for the two `npm ci` steps only (not installed in the
# image; the runtime stage's history records the argument: public certificates, nothing secret).
ARG EXTRA_CA_CERTS=""
ARG NPM_REGISTRY=https://registry.npmjs.org/
ENV NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NPM_CONFIG_UPDATE_NOTIFIER=false
# The manifests alone first: the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# (npm's cache is dropped in the same step: a layer is stored whole, and the cache is as big again.)
RUN if [ -n "$EXTRA_CA_CERTS" ]; then printf '%s\n' "$EXTRA_CA_CERTS" > /tmp/extra-ca.pem && export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; fi \
  && npm ci --registry "$NPM_REGISTRY" \
  && rm -rf /tmp/extra-ca.pem /root/.npm
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
COPY apps/server apps/server
# The server is bundled once here (apps/server/scripts/build.mjs → apps/server/dist/main.mjs, with
# the migrations and worker entries beside it); `npm start` would bundle it again at every start.
RUN npm run build -w @aisle/web && node apps/server/scripts/build.mjs

# ---- runtime: the server's production dependencies, the two builds -----------------------------
FROM node:24-bookworm-slim
WORKDIR /app
# The bundle leaves every installed package external (build.mjs), so they are loaded from
# node_modules at run time: the server's production dependencies only, installed here rather than
# copied from another stage, so the image stores them once (and the step stays cached while only
# sources change). The build arguments are recorded in the image's history: public certificates
# and a registry address, nothing secret.
ARG EXTRA_CA_CERTS=""
ARG NPM_REGISTRY=https://registry.npmjs.org/
ENV NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN if [ -n "$EXTRA_CA_CERTS" ]; then printf '%s\n' "$EXTRA_CA_CERTS" > /tmp/extra-ca.pem && export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; fi \
  && npm ci --omit=dev --workspace @aisle/server --registry "$NPM_REGISTRY" \
  && rm -rf /tmp/extra-ca.pem /root/.npm
# glibc's malloc settings of `npm start` (scripts/workspace.mjs): two arenas and a fixed mmap
# threshold give memory back after a load.
ENV NODE_ENV=production \
  DATA_DIR=/data \
  PORT=3000 \
  MALLOC_ARENA_MAX=2 \
  MALLOC_MMAP_THRESHOLD_=131072
# Everything is owned by root and read-only to the server: only /data is its to write.
# Where the bundle looks for them: the web build at ../../web/dist from dist/main.mjs (app.ts, or
# WEB_DIST_DIR), the migrations at dist/migrations (db/database.ts).
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The operator commands (`npm run user:create`, `migrate`, `backup`, `restore`: docs/backup.md) run
# the server's TypeScript sources through tsx (a production dependency), as from a checkout.
COPY --from=build /app/tsconfig.base.json ./
COPY --from=build /app/packages/contracts packages/contracts
COPY --from=build /app/apps/server/tsconfig.json apps/server/
COPY --from=build /app/apps/server/src apps/server/src
# A numeric user (the base image's `node`, 1000) so Kubernetes' runAsNonRoot can verify it.
RUN mkdir -p /data && chown 1000:1000 /data
USER 1000:1000
VOLUME /data
EXPOSE 3000
# Liveness over HTTP (slim images have no curl): /healthz on PORT; a worker serves it on
# METRICS_PORT, or PORT when that is unset (worker.ts).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "const port = (process.env.ROLE === 'worker' && process.env.METRICS_PORT) || process.env.PORT || 3000; fetch(`http://127.0.0.1:${port}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server directly, with the Node flags of apps/server's `npm start` (not `npm start` itself,
# which bundles again), as PID 1 so `docker stop`'s SIGTERM reaches it and it closes gracefully.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=1024", "--no-parallel-scavenge", "apps/server/dist/main.mjs"]
