// SAML 2.0 metadata of this service acting as service provider for one identity provider (served
// at .../identityProviders/{idpId}/metadata.xml). Element order follows saml-schema-metadata-2.0.xsd.

export interface SpMetadataInput {
  entityId: string;
  acsUrl: string;
  certificatePem: string;
  organizationName: string;
  organizationUrl: string;
}

const NAME_ID_FORMATS = [
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
];

const ENCRYPTION_METHODS = [
  'http://www.w3.org/2009/xmlenc11#aes256-gcm',
  'http://www.w3.org/2009/xmlenc11#aes128-gcm',
  'http://www.w3.org/2001/04/xmlenc#aes256-cbc',
  'http://www.w3.org/2001/04/xmlenc#aes128-cbc',
];

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The base64 body of a PEM certificate, as ds:X509Certificate holds it.
export function certificateBody(certificatePem: string): string {
  return certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

function keyDescriptor(use: 'signing' | 'encryption', certificate: string): string[] {
  const methods =
    use === 'encryption'
      ? ENCRYPTION_METHODS.map((a) => `      <md:EncryptionMethod Algorithm="${a}"/>`)
      : [];
  return [
    `    <md:KeyDescriptor use="${use}">`,
    '      <ds:KeyInfo>',
    '        <ds:X509Data>',
    `          <ds:X509Certificate>${certificate}</ds:X509Certificate>`,
    '        </ds:X509Data>',
    '      </ds:KeyInfo>',
    ...methods,
    '    </md:KeyDescriptor>',
  ];
}

export function spMetadataXml(input: SpMetadataInput): string {
  const certificate = certificateBody(input.certificatePem);
  const organization = escapeXml(input.organizationName);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" ' +
      `xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(input.entityId)}">`,
    '  <md:SPSSODescriptor AuthnRequestsSigned="true" WantAssertionsSigned="true" ' +
      'protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
    ...keyDescriptor('signing', certificate),
    ...keyDescriptor('encryption', certificate),
    ...NAME_ID_FORMATS.map((format) => `    <md:NameIDFormat>${format}</md:NameIDFormat>`),
    '    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" ' +
      `Location="${escapeXml(input.acsUrl)}" index="0" isDefault="true"/>`,
    '  </md:SPSSODescriptor>',
    '  <md:Organization>',
    `    <md:OrganizationName xml:lang="en">${organization}</md:OrganizationName>`,
    `    <md:OrganizationDisplayName xml:lang="en">${organization}</md:OrganizationDisplayName>`,
    `    <md:OrganizationURL xml:lang="en">${escapeXml(input.organizationUrl)}</md:OrganizationURL>`,
    '  </md:Organization>',
    '</md:EntityDescriptor>',
    '',
  ].join('\n');
}
