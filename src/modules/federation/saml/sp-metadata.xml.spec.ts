import { certificateBody, escapeXml, spMetadataXml } from './sp-metadata.xml';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBAAAA\nBBBB==\n-----END CERTIFICATE-----\n';

describe('spMetadataXml', () => {
  const xml = spMetadataXml({
    entityId: 'https://dms.example.com/saml2/service-provider/0123456789abcdef0123',
    acsUrl: 'https://dms.example.com/sso/saml2/0123456789abcdef0123?a=1&b=2',
    certificatePem: PEM,
    organizationName: 'Deployment Management Service',
    organizationUrl: 'https://dms.example.com',
  });

  it('should put the certificate in a signing and an encryption key descriptor', () => {
    expect(xml.match(/<ds:X509Certificate>MIIBAAAABBBB==<\/ds:X509Certificate>/g)).toHaveLength(2);
    expect(xml).toContain('<md:KeyDescriptor use="signing">');
    expect(xml).toContain('<md:KeyDescriptor use="encryption">');
  });

  it('should escape attribute values when URLs carry XML specials', () => {
    expect(xml).toContain('Location="https://dms.example.com/sso/saml2/0123456789abcdef0123?a=1&#38;b=2"');
    expect(escapeXml(`<"'&>`)).toBe('&#60;&#34;&#39;&#38;&#62;');
  });

  it('should order the SP descriptor children as the metadata schema requires', () => {
    const order = [
      '<md:KeyDescriptor',
      '<md:NameIDFormat',
      '<md:AssertionConsumerService',
      '</md:SPSSODescriptor>',
      '<md:Organization>',
    ];
    const positions = order.map((tag) => xml.indexOf(tag));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('should strip the PEM armour and line breaks when extracting the certificate body', () => {
    expect(certificateBody(PEM)).toBe('MIIBAAAABBBB==');
  });
});
