import { negotiateXml } from './xml-media-type';

describe('negotiateXml', () => {
  it('should answer application/xml when no Accept header or an empty one is sent', () => {
    expect(negotiateXml(undefined)).toBe('application/xml');
    expect(negotiateXml('  ')).toBe('application/xml');
  });

  it('should answer the XML type the client names when it names one', () => {
    expect(negotiateXml('application/xml')).toBe('application/xml');
    expect(negotiateXml('text/xml')).toBe('text/xml');
    expect(negotiateXml('application/json, text/xml;q=0.5')).toBe('text/xml');
  });

  it('should prefer application/xml when wildcards accept both', () => {
    expect(negotiateXml('*/*')).toBe('application/xml');
    expect(negotiateXml('application/*')).toBe('application/xml');
    expect(negotiateXml('text/*')).toBe('text/xml');
    expect(negotiateXml('application/json, */*;q=0.1')).toBe('application/xml');
  });

  it('should follow the quality values when the client ranks the XML types', () => {
    expect(negotiateXml('application/xml;q=0.2, text/xml;q=0.9')).toBe('text/xml');
    expect(negotiateXml('*/*;q=0.5, text/xml;q=0.1')).toBe('application/xml');
  });

  it('should find nothing acceptable when the client wants only JSON or refuses XML with q=0', () => {
    expect(negotiateXml('application/json')).toBeUndefined();
    expect(negotiateXml('application/xml;q=0, text/xml;q=0')).toBeUndefined();
    expect(negotiateXml('*/*;q=0')).toBeUndefined();
    expect(negotiateXml('garbage')).toBeUndefined();
  });
});
