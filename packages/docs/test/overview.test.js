import { createContract, loadBundledDocument } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { takeOutAreasNotShown } from '../src/areas-not-shown.js';
import { addFlags, FLAGS } from '../src/flags.js';
import {
  AREAS_NOT_SHOWN_TITLE,
  addOverview,
  OVERVIEW_TITLE,
  sectionAnchor,
  TRY_IT_TITLE,
  USAGE_TITLE,
} from '../src/overview.js';
import { SAMPLE_SERVER_NOTES } from '../src/sample-server-notes.js';
import { tryItModel } from '../src/try-it-model.js';
import { parameterExample } from './parameter-example.js';

/** The bundled document as the build reads it, never decorated. */
const spec = loadBundledDocument();

/**
 * The overview of a copy of the bundled document, changed first by `mutate`.
 * @param {(document: any) => void} [mutate]
 * @returns {string}
 */
function overviewOf(mutate = () => {}) {
  const document = structuredClone(spec);
  mutate(document);
  const contract = createContract(document);
  addOverview(contract, addFlags(contract), tryItModel(contract), takeOutAreasNotShown(contract));
  return document.info.description;
}

describe('addOverview', () => {
  const overview = overviewOf();

  it("keeps the spec's introduction, its bold lead-ins turned into menu headings", () => {
    const { description } = spec.info;
    const leadIns = [...description.matchAll(/^\*\*([^*\n]+?)\.\*\*/gm)].map((match) => match[1]);
    expect(leadIns.length).toBeGreaterThan(0);
    for (const title of leadIns) expect(overview).toContain(`\n## ${title}\n`);
    expect(overview.startsWith(`# ${OVERVIEW_TITLE}\n`)).toBe(true);
    expect(overview).toContain(`# ${USAGE_TITLE}\n`);
  });

  it('lists both servers with their default URLs', () => {
    for (const server of spec.servers) {
      const [name, variable] = Object.entries(server.variables)[0];
      expect(overview).toContain(`- **${server.description}**: \`${variable.default}\` (template \`{${name}}\`).`);
    }
  });

  it('shows the token exchange with the client and with curl into $PAYMENTS_CONNECT_TOKEN', () => {
    expect(overview).toContain('createPaymentsConnectClient({');
    expect(overview).toMatch(
      new RegExp(
        String.raw`export PAYMENTS_CONNECT_TOKEN=\$\(curl -sS "\$PAYMENTS_CONNECT_BASE_URL/auth/token" \\\n` +
          String.raw`\s+--request POST[\s\S]+\| jq -r \.access_token\)`,
      ),
    );
    expect(overview).toContain(
      `export PAYMENTS_CONNECT_ACCOUNT_ID=${parameterExample(createContract(spec), 'AccountId')}`,
    );
  });

  it('says how a consumer runs the mock and the emulator, that they serve this page, and opens the console', () => {
    const { servers, credentials, docsPath } = tryItModel(createContract(structuredClone(spec)));
    expect(servers.map(({ name, command }) => `${name}: ${command}`)).toEqual([
      'Mock: npx payments-connect-mock',
      'Emulator: npx payments-connect-emulator',
    ]);
    const section = overview.slice(overview.indexOf(`## ${TRY_IT_TITLE}\n`));
    expect(section.length).toBeLessThan(overview.length);
    for (const { url, command, packageName } of servers) {
      expect(section).toContain(`\`${url}\``);
      expect(section).toContain(`\`${command}\``);
      expect(section).toContain(`\`npm install --save-dev ${packageName}\``);
    }
    expect(section).toContain(`\`${servers[0]?.url}${docsPath}\``);
    expect(section).toContain(`\`${credentials.clientId}\``);
    expect(section).toContain('<button type="button" data-try-it-open>');
  });

  it("speaks to a consumer: never names this repository's own scripts, nor a document the reader does not have", () => {
    expect(overview).not.toMatch(/npm start|pnpm (?:--filter|mock|run|docs)|contract repository/);
    expect(overview).not.toMatch(/interface document\b|\.md\b|\bthe document\b(?! request)|this repository/i);
  });

  it('says the samples call a placeholder URL, what to put there, and that served, they call the server', () => {
    expect(overview).toContain('calls the sandbox at its placeholder URL');
    expect(overview).toContain('`baseUrl`');
    for (const variable of ['PAYMENTS_CONNECT_BASE_URL', 'PAYMENTS_CONNECT_TOKEN', 'PAYMENTS_CONNECT_ACCOUNT_ID']) {
      expect(overview).toContain(`\`${variable}\``);
    }
    expect(overview).toContain(
      `# ${SAMPLE_SERVER_NOTES.placeholder}\nPAYMENTS_CONNECT_BASE_URL="\${PAYMENTS_CONNECT_BASE_URL:-"https://`,
    );
  });

  it('lists the areas without operations in one section, each with what is not shown', () => {
    const section = overview.slice(overview.indexOf(`## ${AREAS_NOT_SHOWN_TITLE}\n`));
    expect(section.length).toBeLessThan(overview.length);
    /** @type {Array<{ name: string, description: string }>} */
    const tags = spec.tags;
    for (const tag of tags.filter(({ description }) => /Operations not shown in v1\.0/.test(description))) {
      expect(section).toContain(`- **${tag.name}**: ${tag.description.trim().replace(/\s+/g, ' ')}`);
    }
  });

  it('embeds the error envelope schema and each RFI 409 variant with its recovery and example', () => {
    expect(overview).toContain('<SchemaDefinition schemaRef="#/components/schemas/ErrorEnvelope" />');
    expect(overview).toContain(spec.components.responses.RfiConflict.description.trim());
    for (const name of ['ErrorRfiNotOpen', 'ErrorRfiItemAlreadyApproved']) {
      expect(overview).toContain(JSON.stringify(spec.components.examples[name].value, null, 2));
    }
  });

  it('lists every flagged operation under its flag with a link, and the flagged fields', () => {
    for (const flag of FLAGS) expect(overview).toContain(`## ${flag.title}\n\n${flag.summary}`);
    expect(overview).toContain(
      '- [Upload a preview logo for a payment request (sandbox only)](#operation/uploadPaymentRequestPreviewLogo)',
    );
    expect(overview).toContain('- [Answer an RFI question](#operation/answerRfiQuestion)');
    expect(overview).toMatch(/Also flagged: .*`RfiCase\.status`/);
  });

  it('links to sections by the anchors Redoc gives them', () => {
    expect(sectionAnchor('Using the API', 'RFI 409 variants')).toBe('section/Using-the-API/RFI-409-variants');
    expect(overview).toContain(`](#${sectionAnchor(USAGE_TITLE, 'Sandbox only')})`);
  });

  it('refuses a token response without access_token rather than document the wrong field', () => {
    expect(() => overviewOf((spec) => delete spec.components.schemas.TokenResponse.properties.access_token)).toThrow(
      /access_token/,
    );
  });
});
